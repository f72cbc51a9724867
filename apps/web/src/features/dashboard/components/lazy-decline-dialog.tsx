import { loadedOnFirstOpen } from '../../../lib/preloadable';
import type { DeclineDialogProps } from './decline-dialog';

/**
 * The decline dialog, loaded the first time someone declines: its form, radio and text field are not part
 * of the dashboard's or the new-orders window's first load (issue 15).
 */
export const LazyDeclineDialog = loadedOnFirstOpen<DeclineDialogProps>(
  async () => ({ default: (await import('./decline-dialog')).DeclineDialog }),
  (props) => props.subject !== null,
);
