import { useEffect, useState } from 'react';
import { useDebouncedValue } from './use-debounced-value';

/**
 * A search box's text: typing is local, the text settled for `delayMs` goes to `onSearch` (and so to the URL
 * and the server). Back/forward or «Сбросить фильтры» change `value`: the text follows it. Its own text
 * coming back trimmed is not a change (a trailing space being typed stays).
 */
export function useSearchDraft(value: string, onSearch: (text: string) => void, delayMs: number) {
  const [text, setText] = useState(value);
  const settled = useDebouncedValue(text, delayMs);

  useEffect(() => setText((current) => (current.trim() === value.trim() ? current : value)), [value]);
  useEffect(() => {
    if (settled.trim() !== value.trim()) onSearch(settled);
    // Only a newly settled text is a change; the URL catching up is not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  return [text, setText] as const;
}
