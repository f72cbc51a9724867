import { describe, expect, it } from 'vitest';
import { saveInSequence, sequenceNotice, TARIFF_SAVE_GAP_MS } from './save-in-sequence';

describe('saveInSequence (S2 §4 wizard step 1)', () => {
  it('saves one after another with the 300 ms gap between two saves, not before the first', async () => {
    const log: string[] = [];
    const result = await saveInSequence(
      ['express', 'complex', 'maximum'],
      async (key) => {
        log.push(`save ${key}`);
      },
      TARIFF_SAVE_GAP_MS,
      async (ms) => {
        log.push(`wait ${ms}`);
      },
    );
    expect(log).toEqual(['save express', 'wait 300', 'save complex', 'wait 300', 'save maximum']);
    expect(result).toEqual({ saved: ['express', 'complex', 'maximum'], failed: [] });
  });

  it('goes on after a failure and names the failed ones, which are all a retry saves again', async () => {
    const refused = new Set(['complex']);
    const save = async (key: string) => {
      if (refused.has(key)) throw new Error('503');
    };
    const first = await saveInSequence(['express', 'complex', 'maximum'], save, 0, async () => {});
    expect(first).toEqual({ saved: ['express', 'maximum'], failed: ['complex'] });

    refused.clear();
    const attempted: string[] = [];
    const retry = await saveInSequence(
      first.failed,
      async (key) => {
        attempted.push(key);
        await save(key);
      },
      0,
      async () => {},
    );
    expect(attempted).toEqual(['complex']);
    expect(retry).toEqual({ saved: ['complex'], failed: [] });
  });
});

describe('sequenceNotice (S2 §8 wizard tariffs)', () => {
  it('says all were saved, how many failed, or that none was', () => {
    expect(sequenceNotice({ saved: ['a', 'b', 'c'], failed: [] })).toEqual({
      ok: true,
      text: 'Все тарифы успешно обновлены',
    });
    expect(sequenceNotice({ saved: ['a'], failed: ['b', 'c'] })).toEqual({
      ok: false,
      text: '2 тарифа не удалось обновить',
    });
    expect(sequenceNotice({ saved: [], failed: ['a', 'b', 'c'] })).toEqual({
      ok: false,
      text: 'Не удалось обновить тарифы',
    });
  });
});
