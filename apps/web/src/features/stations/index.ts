/** What other features may use from stations: the wizard's station form and the station list. */
export { StationSettingsForm } from './components/station-settings-form';
export { useStationList } from './api/station-list';
