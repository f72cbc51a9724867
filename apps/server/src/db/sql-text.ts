import { sql, type SQL } from 'drizzle-orm';
import { foldSearch } from '@crm/shared';

/*
 * Text matching that does not depend on the database's locale. ILIKE and lower() fold Cyrillic only when
 * the cluster's LC_CTYPE knows it (a cluster made with the C locale does not, and CI's PostgreSQL is one),
 * so Russian letters are folded by translate(), Latin ones by lower(), and ё counts as е — on both sides
 * of the match. The JS side is the shared `foldSearch`, which the web uses too.
 */
const cyrillicUpper = 'АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯё';
const cyrillicLower = 'абвгдеежзийклмнопрстуфхцчшщъыьэюяе';

/** The SQL expression folded like `foldSearch` folds the search text. */
export const foldedSql = (expr: SQL) => sql`lower(translate(${expr}, ${cyrillicUpper}, ${cyrillicLower}))`;

/** The same folding as DDL text, for generated columns (their expressions cannot take parameters). */
export const foldedDdl = (expr: string) =>
  `lower(translate(${expr}, '${cyrillicUpper}', '${cyrillicLower}'))`;

/** `%`, `_` and `\` typed by the user are literal characters, not patterns. */
export const likeEscape = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** A LIKE pattern for «contains the text», folded; match it against `foldedSql(…)`. */
export const containsPattern = (text: string) => `%${likeEscape(foldSearch(text))}%`;

/**
 * What JavaScript's `String.prototype.trim` strips (ECMA-262 WhiteSpace and LineTerminator: tab, line
 * feed, vertical tab, form feed, carriage return, every Unicode space separator, the line and paragraph
 * separators, and the BOM). PostgreSQL's btrim() strips only spaces unless told which characters.
 */
const trimmedCodePoints = [
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006,
  0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff,
];
export const jsTrimmedChars = String.fromCodePoint(...trimmedCodePoints);
const trimmedDdl = `E'${trimmedCodePoints.map((c) => `\\u${c.toString(16).padStart(4, '0')}`).join('')}'`;

/** `value.trim() !== ''` as DDL text, a SQL null counting as empty. */
export const hasTextDdl = (expr: string) => `(btrim(coalesce(${expr}, ''), ${trimmedDdl}) <> '')`;
