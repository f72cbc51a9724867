/** What other features use from partners: the station's «Интеграции» settings body. */
export { StationIntegrationsView } from './components/station-integrations';
