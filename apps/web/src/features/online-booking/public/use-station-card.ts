import { useCallback, useEffect, useState } from 'preact/hooks';
import type { PublicStationCard } from '@crm/shared';
import { bookTexts } from './book-texts';
import { PublicApiError, publicApi } from './public-api';

/**
 * The station's public card for a page of `/book/{code}`; `load` asks again (the error state's «Повторить»).
 * `preview`: the owner's preview is asked for (the card says `preview` only if the server allowed it).
 */
export function useStationCard(code: string, preview = false) {
  const [card, setCard] = useState<PublicStationCard | null>(null);
  const [error, setError] = useState<PublicApiError | null>(null);
  const load = useCallback(() => {
    setError(null);
    setCard(null);
    publicApi
      .station(code, preview)
      .then(setCard, (cause: unknown) =>
        setError(
          cause instanceof PublicApiError ? cause : new PublicApiError(0, 'INTERNAL', bookTexts.unexpected),
        ),
      );
  }, [code, preview]);
  useEffect(load, [load]);
  return { card, error, load };
}
