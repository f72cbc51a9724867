import type { LogLine } from './gate-app';
import type { Finding } from './report';

/** pino's `error`: every line at this level or above is a defect the gates report. */
export const ERROR_LEVEL = 50;

/** What a gate sent under each case id (the `x-gate-case` header). */
export type CaseLog = Map<string, { operation: string; request: string }>;

/**
 * Server log lines at `error` or above, as findings tied to the gate case that caused each (through the
 * `incoming request` line of the same reqId); a line no request caused is reported as it is.
 */
export function errorLogFindings(lines: LogLine[], cases: CaseLog): Finding[] {
  const caseOfReq = new Map<string, string>();
  for (const line of lines) {
    if (line.reqId && line.req?.gateCase) caseOfReq.set(line.reqId, line.req.gateCase);
  }
  return lines
    .filter((l) => l.level >= ERROR_LEVEL)
    .map((l) => {
      const gateCase = l.reqId ? caseOfReq.get(l.reqId) : undefined;
      const sent = gateCase ? cases.get(gateCase) : undefined;
      // The first line of the message names the failure; anything after it would be noise.
      const err = l.err
        ? ` ${l.err.type ?? 'Error'}: ${(l.err.message ?? '').split('\n')[0]!.slice(0, 120)}`
        : '';
      const where = l.err?.stack?.split('\n').find((s) => s.includes('/src/') && !s.includes('node_modules'));
      return {
        problem: `logged at ${l.level}: «${l.msg ?? ''}»${err}${where ? ` ${where.trim()}` : ''}`,
        operation: sent?.operation ?? 'no request',
        answer: 'log',
        request: sent?.request ?? `reqId ${l.reqId ?? '—'}`,
      };
    });
}
