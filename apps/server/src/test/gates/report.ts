/** One thing a gate found: what is wrong, on which operation, and the request that showed it. */
export interface Finding {
  problem: string;
  operation: string;
  /** The answer's status and error code: findings that share them (and the problem) share a cause. */
  answer: string;
  request: string;
}

export const answerOf = (status: number, text: string | null): string => {
  const code = /"code":"([A-Z_]+)"/.exec(text ?? '')?.[1];
  return code ? `${status} ${code}` : String(status);
};

/**
 * Findings grouped by problem and answer (and by operation, but for error answers in the wrong shape), each group
 * with its count, operations and first examples: one root cause hit by 300 requests reads as one entry.
 */
export function compactReport(findings: Finding[], examples = 2): string {
  const groups = new Map<string, Finding[]>();
  for (const f of findings) {
    // An error answer in the wrong shape is one cause across routes; a 5xx or a log line is a bug per route.
    const perRoute = !f.problem.startsWith('error answer is');
    const key = `${f.problem} → ${f.answer}${perRoute ? ` on ${f.operation}` : ''}`;
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  return [...groups]
    .map(([key, list]) => {
      const operations = [...new Set(list.map((f) => f.operation))];
      const where =
        operations.length > 3
          ? `${operations.slice(0, 3).join(', ')} and ${operations.length - 3} more`
          : operations.join(', ');
      const shown = list.slice(0, examples).map((f) => `    e.g. ${f.request.slice(0, 260)}`);
      return [`${list.length}× ${key}${operations.length > 1 ? ` (${where})` : ''}`, ...shown].join('\n');
    })
    .join('\n');
}
