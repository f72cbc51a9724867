import { useState } from 'react';
import { preloadable } from '../../../lib/preloadable';
import type { OverlapModalProps } from './overlap-modal';

const OverlapModal = preloadable(async () => ({
  default: (await import('./overlap-modal')).OverlapModal,
})).Component;

/**
 * «Пересекающиеся записи», loaded the first time a group is opened: antd's Modal is not part of the
 * calendar's first load (issue 15). Once loaded it stays mounted, so it closes with its animation.
 */
export function LazyOverlapModal(props: OverlapModalProps) {
  const [wanted, setWanted] = useState(false);
  if (props.events !== null && !wanted) setWanted(true);
  if (!wanted) return null;
  return <OverlapModal {...props} />;
}
