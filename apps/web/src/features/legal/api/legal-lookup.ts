import { useMutation } from '@tanstack/react-query';
import type { BankDetails, LegalInfo } from '@crm/shared';
import { api } from '../../../lib/api-client';

/** `found: false` → the S2 §8 info message and an empty form of the type the INN's length implies. */
export interface LegalLookupAnswer {
  found: boolean;
  legal_info: LegalInfo;
}

/** `POST /api/legal/get_legal_data` `{inn}` (S2 §7); a registry outage answers 502 LEGAL_LOOKUP_FAILED. */
export function useLegalLookup() {
  return useMutation({
    mutationFn: (inn: string) =>
      api<LegalLookupAnswer>('/legal/get_legal_data', { method: 'POST', body: { inn } }),
  });
}

/** `found: false` → the bank block is filled in by hand. */
export interface BankLookupAnswer {
  found: boolean;
  bank: BankDetails | null;
}

/** `POST /api/legal/get_bank_data` `{bik}`: the bank's name, correspondent account and address. */
export function useBankLookup() {
  return useMutation({
    mutationFn: (bik: string) =>
      api<BankLookupAnswer>('/legal/get_bank_data', { method: 'POST', body: { bik }, silent: true }),
  });
}
