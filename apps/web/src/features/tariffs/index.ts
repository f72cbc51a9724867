/** What other features may use from tariffs: the wizard's tariff and additional-services steps. */
export { useTariffList, invalidateStationTariffs } from './api/tariff-list';
export { useTariffConfigs } from './api/tariff-config';
export { useCreateOwnTariff } from './api/own-tariff-create';
export { useUpdateOwnTariffPrices } from './api/update-own-tariff-prices';
export { useAdditionalServices, useSaveAdditionalServices } from './api/additional-services';
export { classRows } from './lib/tariff-view';
export { checkGrid, gridValueOf, servicesOf, updateOf, type GridCheck } from './lib/additional-services-form';
export {
  cellId,
  cellKey,
  PriceGrid,
  type PriceGridErrors,
  type PriceGridService,
  type PriceGridValue,
} from './components/price-grid';
