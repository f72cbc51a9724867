import type { FastifyInstance } from 'fastify';
import type { FuzzCase } from './fuzz-cases';
import { GATE_CASE_HEADER } from './gate-app';
import type { CaseLog } from './log-check';
import type { Operation } from './openapi-operations';
import { answerOf, type Finding } from './report';
import { withPartnerSignature } from './gate-signer';

/**
 * Percent-encodes every UTF-16 unit, lone surrogates included (as their WTF-8 bytes, e.g. `%ED%A0%80`):
 * `encodeURIComponent` throws on them and URLSearchParams silently turns them into U+FFFD, and then the
 * server would never see one.
 */
export function encodeAny(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i++;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      const bytes = [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)];
      out += bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(text[i]!);
    }
  }
  return out;
}

export function urlOfCase(op: Operation, c: FuzzCase): string {
  const raw = new Set(c.rawPath ?? []);
  const path = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const value = c.parts.path[name] ?? '';
    return raw.has(name) ? value : encodeAny(value);
  });
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(c.parts.query)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) {
      const text = typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);
      pairs.push(`${encodeAny(key)}=${encodeAny(text)}`);
    }
  }
  return pairs.length ? `${path}?${pairs.join('&')}` : path;
}

export interface Outcome {
  method: string;
  url: string;
  status: number;
  contentType: string;
  /** The answer's text; null for an event stream, which never ends and is not read. */
  text: string | null;
}

let publicClients = 0;
/**
 * The public booking page's calls are limited per client IP (20 bookings in 10 minutes, issue 37): each
 * of their cases comes from an address of its own, so the fuzz reaches their validation, not a 429.
 */
const clientAddressOf = (path: string) => {
  if (!path.startsWith('/api/public/')) return {};
  const n = publicClients++;
  return { remoteAddress: `10.98.${Math.floor(n / 250) % 250}.${(n % 250) + 1}` };
};

export async function sendCase(
  app: FastifyInstance,
  op: Operation,
  c: FuzzCase,
  callerHeaders: Record<string, string>,
  caseId: string,
): Promise<Outcome> {
  const url = urlOfCase(op, c);
  const headers: Record<string, string> = { ...callerHeaders, [GATE_CASE_HEADER]: caseId };
  let payload: string | undefined;
  if (c.payload !== undefined) {
    payload = c.payload;
    if (c.contentType) headers['content-type'] = c.contentType;
  } else if (c.parts.body !== undefined) {
    payload = JSON.stringify(c.parts.body);
    headers['content-type'] = 'application/json';
  }
  const res = await app.inject({
    method: op.method as 'GET',
    url,
    // The partner API: signed as the gate's partner when the caller names one (gate-signer.ts).
    headers: withPartnerSignature(op.method, url, payload, headers),
    payload,
    ...clientAddressOf(op.path),
    // The SSE route answers with a stream that never ends: only its head is awaited.
    payloadAsStream: true,
  });
  const contentType = String(res.headers['content-type'] ?? '');
  const stream = res.stream();
  let text: string | null = null;
  if (contentType.startsWith('text/event-stream')) {
    stream.destroy();
  } else {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
    text = Buffer.concat(chunks).toString('utf8');
  }
  return { method: op.method, url, status: res.statusCode, contentType, text };
}

/** What is wrong with an answer, by DESIGN §4 (no 5xx; every /api error is the JSON error shape). */
export function problemsOf(outcome: Outcome): string[] {
  const problems: string[] = [];
  if (outcome.status >= 500) problems.push(`answered ${outcome.status}`);
  if (outcome.status >= 400 && outcome.url.startsWith('/api')) {
    if (!outcome.contentType.startsWith('application/json')) {
      problems.push(`error answer is ${outcome.contentType || 'without content type'}, not JSON`);
    } else {
      try {
        const body = JSON.parse(outcome.text ?? '') as { error?: { code?: unknown; message?: unknown } };
        if (typeof body.error?.code !== 'string' || typeof body.error.message !== 'string') {
          problems.push('error answer is not {"error": {"code", "message"}}');
        }
      } catch {
        problems.push('error answer is not parsable JSON');
      }
    }
  }
  return problems;
}

/** One line for a report: the request (shortened) and what came back. */
export function describeOutcome(o: Outcome, label: string, who: string): string {
  const url = o.url.length > 140 ? `${o.url.slice(0, 140)}…` : o.url;
  const body = (o.text ?? '').slice(0, 160).replace(/\s+/g, ' ');
  return `${o.method} ${url} [${who}] {${label}} → ${o.status} ${body}`;
}

/**
 * What both gates do with every answer: keep the request under its case id (so an error log line can be
 * traced to it) and turn its problems (5xx, an error not in the one shape) into findings.
 */
export function recordCase(
  into: { cases: CaseLog; findings: Finding[] },
  operation: string,
  caseId: string,
  outcome: Outcome,
  label: string,
  who: string,
): void {
  const request = describeOutcome(outcome, label, who);
  into.cases.set(caseId, { operation, request });
  const answer = answerOf(outcome.status, outcome.text);
  for (const problem of problemsOf(outcome)) into.findings.push({ problem, operation, answer, request });
}
