// S2 §4 «Wizard», step 1: the edited tariffs are saved one after another, 300 ms apart (S2 §9), and the
// wizard moves on only if none failed; a failed one stays pending and is the only one saved again.

/** S2 §9: the pause between two tariff saves. */
export const TARIFF_SAVE_GAP_MS = 300;

export interface SequenceResult<K> {
  saved: K[];
  failed: K[];
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Saves `keys` in order with `gapMs` between two saves; a failure does not stop the rest. */
export async function saveInSequence<K>(
  keys: readonly K[],
  save: (key: K) => Promise<unknown>,
  gapMs = TARIFF_SAVE_GAP_MS,
  wait: (ms: number) => Promise<void> = pause,
): Promise<SequenceResult<K>> {
  const result: SequenceResult<K> = { saved: [], failed: [] };
  for (const [index, key] of keys.entries()) {
    if (index > 0) await wait(gapMs);
    try {
      await save(key);
      result.saved.push(key);
    } catch {
      result.failed.push(key);
    }
  }
  return result;
}

/** The wizard's tariff texts of S2 §8, quoted exactly. */
export const wizardTariffMessages = {
  allSaved: 'Все тарифы успешно обновлены',
  someFailed: (n: number) => `${n} тарифа не удалось обновить`,
  allFailed: 'Не удалось обновить тарифы',
  none: 'Нет доступных тарифов',
} as const;

/** What the owner is told after a run: success, which part failed, or that nothing was saved. */
export function sequenceNotice(result: SequenceResult<unknown>): { ok: boolean; text: string } {
  if (result.failed.length === 0) return { ok: true, text: wizardTariffMessages.allSaved };
  if (result.saved.length === 0) return { ok: false, text: wizardTariffMessages.allFailed };
  return { ok: false, text: wizardTariffMessages.someFailed(result.failed.length) };
}
