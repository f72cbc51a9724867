import { StationSectionRedirect } from '../../stations/pages/station-section-redirect';

/**
 * `/employees/schedule` (S1 §2 route list) → the selected station's shift plan, keeping `?week=`; with no
 * station selected, «Станция не выбрана» with the station picker, as the other station sections.
 */
export function ShiftsRedirect() {
  return <StationSectionRedirect section="employees/schedule" />;
}
