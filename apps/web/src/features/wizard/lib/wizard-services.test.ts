import { describe, expect, it } from 'vitest';
import { carClasses } from '@crm/shared';
import { updateOf } from '../../tariffs';
import { checkWizardServices, starterServices, strict } from './wizard-services';

const services = [
  { key: 'wheels', name: 'Мойка колёсных дисков' },
  { key: 'engine', name: 'Мойка двигателя' },
];
const priced = (price: number | null) => Object.fromEntries(carClasses.map((c) => [c, price]));

describe('checkWizardServices (S2 §5, the wizard rule)', () => {
  it('passes the starter set: every active service priced above 0 in every category', () => {
    const start = starterServices();
    const check = checkWizardServices(start.value, start.services, carClasses);
    expect(check.blocked).toEqual([]);
    expect(check.first).toBeNull();
  });

  it('blocks an active service with a 0 or empty price in any category and marks those categories', () => {
    const value = {
      wheels: { active: true, prices: { ...priced(200), OffRoad: 0, MicroBus: null } },
      engine: { active: false, prices: priced(null) },
    };
    const check = checkWizardServices(value, services, carClasses);
    expect(check.blocked).toEqual(['Для услуги "Мойка колёсных дисков" необходимо указать цены больше нуля']);
    expect(Object.keys(check.errors).sort()).toEqual(['wheels.MicroBus', 'wheels.OffRoad']);
    expect(check.errors['wheels.MicroBus']).toBe('Введите цену');
    expect(check.first).toEqual({ service: 'wheels', carClass: 'OffRoad' });
  });

  it('gives no category an exemption: «не оказывается» on the services page is a gap in the wizard', () => {
    const value = {
      engine: { active: true, prices: { ...priced(800), MicroBus: null }, unoffered: { MicroBus: true } },
    };
    expect(checkWizardServices(value, services, carClasses).errors).toEqual({
      'engine.MicroBus': 'Введите цену',
    });
    // The body saved offers the service in every category.
    const body = updateOf(strict({ engine: { ...value.engine, prices: priced(800) } }), carClasses);
    expect(Object.values(body.price).every((perService) => perService.engine?.active)).toBe(true);
  });
});
