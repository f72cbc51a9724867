import { useEffect, useRef, useState } from 'react';
import { useDebouncedValue } from './use-debounced-value';

const same = (a: string, b: string) => a.trim() === b.trim();

/**
 * A search box's text: typing is local, the text settled for `delayMs` goes to `onSearch` (and so to the URL
 * and the server). Back/forward or «Сбросить фильтры» change `value`: the text follows it. Its own text
 * coming back is not a change — not when trimmed (a trailing space being typed stays), and not when it comes
 * back late: the router renders a new URL in a transition, and what was typed meanwhile (the box cleared
 * right after a search) must not be overwritten by the echo of the search before it.
 */
export function useSearchDraft(value: string, onSearch: (text: string) => void, delayMs: number) {
  const [text, setText] = useState(value);
  const settled = useDebouncedValue(text, delayMs);
  // Texts handed to `onSearch` whose echo in `value` has not arrived yet, oldest first.
  const pending = useRef<string[]>([]);

  useEffect(() => {
    const echo = pending.current.findIndex((sent) => same(sent, value));
    if (echo >= 0) {
      pending.current = pending.current.slice(echo + 1);
      return;
    }
    pending.current = [];
    setText((current) => (same(current, value) ? current : value));
  }, [value]);
  useEffect(() => {
    if (same(settled, value)) return;
    pending.current.push(settled);
    onSearch(settled);
    // Only a newly settled text is a change; the URL catching up is not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  return [text, setText] as const;
}
