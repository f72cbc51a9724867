import { describe, expect, it } from 'vitest';
import { cutText, findUnsafeText, isSafeText } from './safe-text';

describe('isSafeText (DESIGN §8)', () => {
  it.each(['', 'Мойка на Ленина', 'А777МР77', 'emoji 😀 ok', '\t\n\r', '\u00a0\ufeff', '\uffff'])(
    'accepts %j',
    (text) => expect(isSafeText(text)).toBe(true),
  );

  it.each([
    ['NUL', 'a\u0000b'],
    ['NUL alone', '\u0000'],
    ['lone high surrogate', '\ud800'],
    ['lone low surrogate', '\udc00'],
    ['high surrogate at the end', 'abc\ud83d'],
    ['low surrogate first', '\ude00abc'],
    ['two highs then a pair', '\ud800\ud83d\ude00'],
    ['reversed pair', '\ude00\ud83d'],
  ])('refuses a %s', (_name, text) => expect(isSafeText(text)).toBe(false));
});

describe('findUnsafeText', () => {
  it('answers null for clean JSON of every kind', () => {
    expect(findUnsafeText(null)).toBeNull();
    expect(findUnsafeText(42)).toBeNull();
    expect(findUnsafeText({ a: [1, true, null, 'ok', { 'ключ 😀': 'значение' }] })).toBeNull();
  });

  it('gives the path of a bad string at any depth', () => {
    expect(findUnsafeText('a\u0000')).toEqual([]);
    expect(findUnsafeText({ comment: 'a\u0000b' })).toEqual(['comment']);
    expect(findUnsafeText({ cars: [{ brand: 'BMW' }, { brand: '\ud800' }] })).toEqual(['cars', 1, 'brand']);
    expect(findUnsafeText({ crm_data: { pushNotifications: { lastPromptDate: '\udfff' } } })).toEqual([
      'crm_data',
      'pushNotifications',
      'lastPromptDate',
    ]);
  });

  it('checks object keys and reports them at the object holding them', () => {
    expect(findUnsafeText({ 'a\u0000': 1 })).toEqual([]);
    expect(findUnsafeText({ car: { ok: 'x', ['\ud800']: 'y' } })).toEqual(['car']);
  });

  it('reports the first bad string in document order', () => {
    expect(findUnsafeText({ a: ['ok', '\u0000'], b: '\u0000' })).toEqual(['a', 1]);
    expect(findUnsafeText({ a: 'ok', ['\u0000']: 'x', c: '\u0000' })).toEqual([]);
    expect(findUnsafeText({ a: '\u0000', ['\u0000']: 'x' })).toEqual(['a']);
  });

  it('walks a very deep value without overflowing the stack, in linear time', () => {
    let deep: unknown = 'a\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findUnsafeText(deep)).toHaveLength(200_000);
  }, 2000);
});

describe('cutText', () => {
  it('cuts to the length, but never between the halves of a surrogate pair', () => {
    expect(cutText('abcdef', 3)).toBe('abc');
    expect(cutText('ab', 3)).toBe('ab');
    expect(cutText('ab😀', 3)).toBe('ab');
    expect(cutText('ab😀', 4)).toBe('ab😀');
    expect(isSafeText(cutText('😀'.repeat(10), 7))).toBe(true);
  });
});
