import { loadedOnFirstOpen } from '../../../lib/preloadable';
import type { OverlapModalProps } from './overlap-modal';

/** «Пересекающиеся записи», loaded the first time a group is opened: antd's Modal is not in the calendar's first load (issue 15). */
export const LazyOverlapModal = loadedOnFirstOpen<OverlapModalProps>(
  async () => ({ default: (await import('./overlap-modal')).OverlapModal }),
  (props) => props.events !== null,
);
