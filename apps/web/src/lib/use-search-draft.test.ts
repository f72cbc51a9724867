import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { useSearchDraft } from './use-search-draft';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** The hook with `value` as the URL would give it: the test decides when the URL catches up. */
function draft(initial = '') {
  const onSearch = vi.fn();
  const hook = renderHook(({ value }) => useSearchDraft(value, onSearch, 300), {
    initialProps: { value: initial },
  });
  const type = (text: string) => act(() => hook.result.current[1](text));
  const wait = (ms: number) => act(() => void vi.advanceTimersByTime(ms));
  const url = (value: string) => hook.rerender({ value });
  return { onSearch, type, wait, url, text: () => hook.result.current[0] };
}

describe('useSearchDraft (the search boxes of history and clients)', () => {
  it('hands the text on once it has settled for the delay, not per keystroke', () => {
    const box = draft();
    box.type('А1');
    box.wait(200);
    box.type('А12');
    box.wait(299);
    expect(box.onSearch).not.toHaveBeenCalled();
    box.wait(1);
    expect(box.onSearch).toHaveBeenCalledTimes(1);
    expect(box.onSearch).toHaveBeenLastCalledWith('А12');
  });

  it('keeps the box cleared right after a search when the URL of that search arrives late', () => {
    const box = draft();
    box.type('А123ВС77');
    box.wait(300);
    expect(box.onSearch).toHaveBeenLastCalledWith('А123ВС77');
    // Cleared before the router rendered the search's URL: its echo does not bring the text back.
    box.type('');
    box.url('А123ВС77');
    expect(box.text()).toBe('');
    box.wait(300);
    expect(box.onSearch).toHaveBeenLastCalledWith('');
    box.url('');
    expect(box.text()).toBe('');
  });

  it('follows a change from elsewhere (back, «Сбросить фильтры»), keeps a trailing space being typed', () => {
    const box = draft('Иван');
    box.url('Пётр');
    expect(box.text()).toBe('Пётр');
    box.type('Пётр ');
    box.url('Пётр');
    expect(box.text()).toBe('Пётр ');
    box.wait(300);
    expect(box.onSearch).not.toHaveBeenCalled();
    box.url('');
    expect(box.text()).toBe('');
  });

  it('takes two searches whose URLs arrive together as its own', () => {
    const box = draft();
    box.type('Ива');
    box.wait(300);
    box.type('Иван');
    box.wait(300);
    expect(box.onSearch.mock.calls).toEqual([['Ива'], ['Иван']]);
    box.url('Иван');
    expect(box.text()).toBe('Иван');
    box.url('');
    expect(box.text()).toBe('');
  });
});
