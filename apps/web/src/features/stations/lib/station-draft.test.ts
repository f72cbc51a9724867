import { beforeEach, describe, expect, it } from 'vitest';
import { clearStationDraft, isWorthRestoring, loadStationDraft, saveStationDraft } from './station-draft';

describe('add-station draft', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the draft per user and gives it back', () => {
    saveStationDraft('u1', { name: 'Мойка у дома', boxes: 3 }, 1000);
    expect(loadStationDraft('u1')).toEqual({ values: { name: 'Мойка у дома', boxes: 3 }, savedAt: 1000 });
    expect(loadStationDraft('u2')).toBeNull();
  });

  it('offers only a draft the user typed into', () => {
    saveStationDraft('u1', { name: '  ', boxes: 1, address: '' });
    expect(loadStationDraft('u1')).toBeNull();
    expect(isWorthRestoring({ location: { lat: 55, lon: 37 } })).toBe(true);
    expect(isWorthRestoring({ address: 'Москва' })).toBe(true);
  });

  it('drops a corrupt entry', () => {
    localStorage.setItem('crm.stationDraft:u1', '{not json');
    expect(loadStationDraft('u1')).toBeNull();
    expect(localStorage.getItem('crm.stationDraft:u1')).toBeNull();
  });

  it('is cleared on demand', () => {
    saveStationDraft('u1', { name: 'Мойка' });
    clearStationDraft('u1');
    expect(loadStationDraft('u1')).toBeNull();
  });
});
