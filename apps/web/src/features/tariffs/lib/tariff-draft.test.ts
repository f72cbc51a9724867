import { describe, expect, it } from 'vitest';
import {
  clearDraft,
  draftKey,
  emptyDraft,
  isEmptyDraft,
  loadDraft,
  saveDraft,
  type DraftStorage,
  type TariffDraft,
} from './tariff-draft';

function memoryStorage(): DraftStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const draft: TariffDraft = {
  step: 1,
  name: 'Люкс',
  includeService: ['body_wash', 'vacuum'],
  additionService: ['wax'],
  categoryPricing: { Mini: { basePrice: 900, duration: 40 }, Compact: { basePrice: null, duration: 45 } },
};

describe('tariff draft store', () => {
  it('keeps a draft per station with its step', () => {
    const storage = memoryStorage();
    expect(saveDraft('s1', draft, storage)).toBe(true);
    expect(loadDraft('s1', storage)).toEqual(draft);
    expect(loadDraft('s2', storage)).toBeNull();
    expect(storage.data.has(draftKey('s1'))).toBe(true);
  });

  it('clears the draft of one station only', () => {
    const storage = memoryStorage();
    saveDraft('s1', draft, storage);
    saveDraft('s2', { ...draft, name: 'Другой' }, storage);
    clearDraft('s1', storage);
    expect(loadDraft('s1', storage)).toBeNull();
    expect(loadDraft('s2', storage)?.name).toBe('Другой');
  });

  it('does not offer an empty draft', () => {
    const storage = memoryStorage();
    expect(isEmptyDraft(emptyDraft())).toBe(true);
    saveDraft('s1', emptyDraft(), storage);
    expect(loadDraft('s1', storage)).toBeNull();
    expect(
      isEmptyDraft({ ...emptyDraft(), categoryPricing: { Mini: { basePrice: 1, duration: null } } }),
    ).toBe(false);
  });

  it('ignores broken or foreign values and repairs a service chosen twice', () => {
    const storage = memoryStorage();
    storage.setItem(draftKey('s1'), '{not json');
    expect(loadDraft('s1', storage)).toBeNull();
    storage.setItem(draftKey('s1'), JSON.stringify({ ...draft, version: 99 }));
    expect(loadDraft('s1', storage)).toBeNull();
    storage.setItem(
      draftKey('s1'),
      JSON.stringify({
        version: 1,
        step: 7,
        name: 'X',
        includeService: ['wax'],
        additionService: ['wax', 'engine'],
        categoryPricing: { Mini: { basePrice: 'много', duration: 30 }, Nope: { basePrice: 1 } },
      }),
    );
    expect(loadDraft('s1', storage)).toEqual({
      step: 0,
      name: 'X',
      includeService: ['wax'],
      additionService: ['engine'],
      categoryPricing: { Mini: { basePrice: null, duration: 30 } },
    });
  });

  it('survives a storage that refuses', () => {
    const refusing: DraftStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(saveDraft('s1', draft, refusing)).toBe(false);
    expect(loadDraft('s1', refusing)).toBeNull();
    expect(() => clearDraft('s1', refusing)).not.toThrow();
  });
});
