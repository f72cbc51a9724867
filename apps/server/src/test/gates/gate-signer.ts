import { demoPartners } from '../../modules/demo/demo-partners';
import { partnerIdHeader, signHeaders } from '../../modules/partners/partner-signature';

/**
 * The gates' partner (issue 36): the partner API answers only signed requests, so a gate that sent them
 * with a session would stop at 401. A caller whose headers carry `x-gate-partner: yandex|benzuber` has
 * each request signed as that demo partner (a new `webhook-id` every time), the header itself not sent.
 */
export const GATE_PARTNER_HEADER = 'x-gate-partner';

export function withPartnerSignature(
  method: string,
  url: string,
  payload: string | undefined,
  headers: Record<string, string>,
): Record<string, string> {
  const { [GATE_PARTNER_HEADER]: who, ...rest } = headers;
  if (!who || !url.startsWith('/api/partner/')) return rest;
  const partner = who === 'benzuber' ? demoPartners.benzuber : demoPartners.yandex;
  const signed = method === 'GET' || method === 'HEAD' ? url : (payload ?? '');
  return { ...rest, [partnerIdHeader]: partner.id, ...signHeaders(partner.secret, signed) };
}
