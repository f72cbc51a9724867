import { useCallback, useEffect, useState } from 'preact/hooks';
import type { PublicStationCard } from '@crm/shared';
import { bookTexts } from './book-texts';
import { PublicApiError, publicApi } from './public-api';

/** The station's public card for a page of `/book/{code}`; `load` asks again (the error state's «Повторить»). */
export function useStationCard(code: string) {
  const [card, setCard] = useState<PublicStationCard | null>(null);
  const [error, setError] = useState<PublicApiError | null>(null);
  const load = useCallback(() => {
    setError(null);
    setCard(null);
    publicApi
      .station(code)
      .then(setCard, (cause: unknown) =>
        setError(
          cause instanceof PublicApiError ? cause : new PublicApiError(0, 'INTERNAL', bookTexts.unexpected),
        ),
      );
  }, [code]);
  useEffect(load, [load]);
  return { card, error, load };
}
