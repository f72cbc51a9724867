/** What other features may use from stations: the info form (the wizard) and the station list. */
export { StationSettingsForm } from './components/station-settings-form';
export { useStationList } from './api/station-list';
