import { describe, expect, it } from 'vitest';
import { stationCreateSchema } from '@crm/shared';
import { formFieldOf, formToCreate, formToUpdate, stationToForm } from './station-form-values';
import { testStation } from '../testing/render';

describe('station form values', () => {
  it('builds a create body the shared schema accepts', () => {
    const body = formToCreate({
      name: '  Мойка у моста ',
      boxes: 3,
      address: ' Москва, Тверская улица, 7 ',
      location: { lat: 55.7585, lon: 37.6118 },
      worktime: { start_Monday: '09:00', end_Monday: '21:00', start_Tuesday: '10:00' },
      time_zone: 'Europe/Moscow',
      slot_duration: 30,
    });
    expect(body).toEqual({
      name: 'Мойка у моста',
      boxes: 3,
      address: 'Москва, Тверская улица, 7',
      location: { type: 'Point', coordinates: [37.6118, 55.7585] },
      worktime_by_day: { start_Monday: '09:00', end_Monday: '21:00' },
      time_zone: 'Europe/Moscow',
    });
    expect(stationCreateSchema.safeParse(body).success).toBe(true);
  });

  it('round-trips a station through the settings form', () => {
    const station = testStation();
    const form = stationToForm(station);
    expect(form.location).toEqual({ lat: 55.70753, lon: 37.58632 });
    expect(form.boxes).toBe(4);
    expect(formToUpdate(form)).toMatchObject({
      name: station.name,
      boxes: 4,
      slot_duration: 30,
      location: station.location,
      worktime_by_day: station.worktime_by_day,
    });
  });

  it('maps server field names onto the form', () => {
    expect(formFieldOf('worktime_by_day.end_Monday')).toBe('worktime');
    expect(formFieldOf('location')).toBe('location');
    expect(formFieldOf('network_id')).toBeNull();
  });
});
