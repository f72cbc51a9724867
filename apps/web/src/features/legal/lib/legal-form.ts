import {
  emptyLegalInfo,
  innSchema,
  legalInfoErrors,
  requiredLegalFields,
  type LegalInfo,
  type LegalType,
} from '@crm/shared';

type TopField = Exclude<keyof LegalInfo, 'type' | 'bankAccount'>;
type BankField = keyof LegalInfo['bankAccount'];
/** A field's path as the shared rules and the server's `fields` key it: 'kpp', 'bankAccount.bik'. */
export type LegalFieldPath = TopField | `bankAccount.${BankField}`;

export interface LegalFieldSpec {
  path: LegalFieldPath;
  maxLength: number;
  /** Digits only: the phone shows its number pad and anything else typed or pasted is dropped. */
  digits?: boolean;
  /** Spans both columns on desktop (long names and addresses). */
  wide?: boolean;
}

/** The INN, outside the sections: the lookup starts from it and it stays above the form. */
export const innField: LegalFieldSpec = { path: 'inn', maxLength: 12, digits: true };

/** The fields each type shows (S2 §3), in reading order; maxLength as the shared schema caps them. */
export const partyFields: Record<LegalType, LegalFieldSpec[]> = {
  LEGAL: [
    { path: 'nameOrg', maxLength: 300 },
    { path: 'fullNameOrg', maxLength: 500 },
    { path: 'ogrn', maxLength: 13, digits: true },
    { path: 'kpp', maxLength: 9 },
    { path: 'okpo', maxLength: 10, digits: true },
    { path: 'fias', maxLength: 64 },
    { path: 'addressOrg', maxLength: 500, wide: true },
    { path: 'commentToAddress', maxLength: 500, wide: true },
  ],
  INDIVIDUAL: [
    { path: 'surname', maxLength: 100 },
    { path: 'name', maxLength: 100 },
    { path: 'lastname', maxLength: 100 },
    { path: 'ogrnip', maxLength: 15, digits: true },
    { path: 'okpo', maxLength: 10, digits: true },
    { path: 'fias', maxLength: 64 },
    { path: 'certificateNumber', maxLength: 50 },
    { path: 'certificateDate', maxLength: 10 },
    { path: 'addressOrg', maxLength: 500, wide: true },
    { path: 'commentToAddress', maxLength: 500, wide: true },
  ],
};

export const bankFields: LegalFieldSpec[] = [
  { path: 'bankAccount.bik', maxLength: 9, digits: true },
  { path: 'bankAccount.bank', maxLength: 300 },
  { path: 'bankAccount.account', maxLength: 20, digits: true },
  { path: 'bankAccount.corrAccount', maxLength: 20, digits: true },
  { path: 'bankAccount.addressBank', maxLength: 500, wide: true },
];

export const partySectionTitle: Record<LegalType, string> = {
  LEGAL: 'Организация',
  INDIVIDUAL: 'Предприниматель',
};
export const bankSectionTitle = 'Банковские реквизиты';

/** Every path the form can show an error on, whichever type is chosen. */
export const allFieldPaths: LegalFieldPath[] = [
  ...new Set([innField, ...partyFields.LEGAL, ...partyFields.INDIVIDUAL, ...bankFields].map((f) => f.path)),
];

/** The form's name of a path: antd keeps the bank block nested. */
export const formNameOf = (path: string): string[] => path.split('.');

/** Required marks (S2 §5 «Legal form»): the type's own list, and the bank block always. */
export function isRequiredField(type: LegalType, path: LegalFieldPath): boolean {
  return path.startsWith('bankAccount.') || (requiredLegalFields[type] as readonly string[]).includes(path);
}

const topFields = Object.keys(emptyLegalInfo('LEGAL')).filter(
  (key): key is TopField => key !== 'type' && key !== 'bankAccount',
);
const bankKeys = Object.keys(emptyLegalInfo('LEGAL').bankAccount) as BankField[];

const shownTopFields = (type: LegalType): Set<string> =>
  new Set([innField, ...partyFields[type]].map((f) => f.path));

/**
 * What is saved: every text trimmed, and the fields the other type uses emptied — switching from «ИП»
 * to «Юридическое лицо» must not store a surname nobody sees any more.
 */
export function toSavedInfo(values: LegalInfo): LegalInfo {
  const shown = shownTopFields(values.type);
  const info = emptyLegalInfo(values.type);
  const text = (value: unknown) => String(value ?? '').trim();
  for (const key of topFields) if (shown.has(key)) info[key] = text(values[key]);
  const bank = values.bankAccount ?? info.bankAccount;
  for (const key of bankKeys) info.bankAccount[key] = text(bank[key]);
  return info;
}

/** A registry or server answer as a complete form value (a missing key would leave the old value shown). */
export function completeInfo(info: Partial<LegalInfo> & { type: LegalType }): LegalInfo {
  const empty = emptyLegalInfo(info.type);
  return { ...empty, ...info, bankAccount: { ...empty.bankAccount, ...info.bankAccount } };
}

export const sameInfo = (a: LegalInfo | null, b: LegalInfo) =>
  a !== null && JSON.stringify(toSavedInfo(a)) === JSON.stringify(toSavedInfo(b));

/** The INN field's own message (S2 §5 «INN»), or null when it may be looked up. */
export function innError(inn: string): string | null {
  const checked = innSchema.safeParse(inn);
  return checked.success ? null : (checked.error.issues[0]?.message ?? null);
}

/**
 * What the form itself finds wrong, by path (S2 §5 and the control digits). The INN's format message wins
 * over its control-digit one: a wrong length is the first thing to fix.
 */
export function formErrors(values: LegalInfo): Record<string, string> {
  const errors = legalInfoErrors(toSavedInfo(values));
  const ownInn = innError(values.inn ?? '');
  if (ownInn) errors.inn = ownInn;
  return errors;
}

/** The messages to show, by path: the form's own once checked, the server's until their field is edited. */
export function visibleErrors(
  values: LegalInfo,
  { checkInn, checkAll, server }: { checkInn: boolean; checkAll: boolean; server: Record<string, string> },
): Record<string, string> {
  if (checkAll) return { ...server, ...formErrors(values) };
  const ownInn = checkInn ? innError(values.inn ?? '') : null;
  return ownInn ? { ...server, inn: ownInn } : { ...server };
}

/**
 * The server's `fields` that belong on the form, by its paths (it may prefix them with the body's
 * `legal_info`); the rest reach the person through the error's own message.
 */
export function serverFieldErrors(fields: Record<string, string>): Record<string, string> {
  const onFields: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields)) {
    const path = key.replace(/^legal_info\./, '');
    if ((allFieldPaths as string[]).includes(path)) onFields[path] = message;
  }
  return onFields;
}

/** Which paths a change touched (antd reports it as a nested partial value). */
export function changedPaths(changed: Partial<LegalInfo>): string[] {
  return Object.entries(changed).flatMap(([key, value]) =>
    key === 'bankAccount' && value && typeof value === 'object'
      ? Object.keys(value).map((inner) => `bankAccount.${inner}`)
      : [key],
  );
}

/** «Обновлено 25.11.2026»: the day of the last save on the station's clock. */
export function updatedLabel(iso: string, timeZone: string): string {
  const day = new Intl.DateTimeFormat('ru-RU', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(iso));
  return `Обновлено ${day}`;
}
