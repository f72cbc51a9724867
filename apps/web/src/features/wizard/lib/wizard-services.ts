import { washServiceName, type CarClass } from '@crm/shared';
import { checkGrid, type GridCheck, type PriceGridService, type PriceGridValue } from '../../tariffs';
import { starterServicePrices } from './starter-tariffs';

/** S2 §8 «Wizard services». */
export const wizardServicesError = 'Произошла ошибка при сохранении услуг';

/**
 * S2 §5, the wizard's stricter rule: every active service needs a price above 0 in every car category —
 * in the wizard no category is «не оказывается». The services page's check, with no category exempt; the
 * offending cells carry their messages and each service its «Для услуги "…" необходимо указать цены
 * больше нуля».
 */
export function checkWizardServices(
  value: PriceGridValue,
  services: readonly PriceGridService[],
  classes: readonly CarClass[],
): GridCheck {
  return checkGrid(strict(value), services, classes);
}

/** The value with every category offered: an empty cell of an active service is a gap, not an exemption. */
export function strict(value: PriceGridValue): PriceGridValue {
  return Object.fromEntries(Object.entries(value).map(([key, row]) => [key, { ...row, unoffered: {} }]));
}

/** A new station's services (none saved yet): the starter set, switched on and priced in every category. */
export function starterServices(): { services: PriceGridService[]; value: PriceGridValue } {
  const services = Object.keys(starterServicePrices).map((key) => ({ key, name: washServiceName(key) }));
  const value: PriceGridValue = {};
  for (const { key } of services) value[key] = { active: true, prices: { ...starterServicePrices[key] } };
  return { services, value };
}
