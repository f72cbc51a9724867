import { useState } from 'react';
import { preloadable } from '../../../lib/preloadable';
import type { DeclineDialogProps } from './decline-dialog';

const DeclineDialog = preloadable(async () => ({
  default: (await import('./decline-dialog')).DeclineDialog,
})).Component;

/**
 * The decline dialog, loaded the first time someone declines: its form, radio and text field are not part
 * of the dashboard's or the new-orders window's first load (issue 15). Once loaded it stays mounted, so it
 * closes with its animation like any other dialog.
 */
export function LazyDeclineDialog(props: DeclineDialogProps) {
  const [wanted, setWanted] = useState(false);
  if (props.subject !== null && !wanted) setWanted(true);
  if (!wanted) return null;
  return <DeclineDialog {...props} />;
}
