/**
 * Lighthouse's simulated paints of one saved run, again, with its network log changed (README, «Where the
 * HTTP/1.1 largest paint goes»): what a merge, a deferral or smaller files would give, without building
 * anything. The run's artifacts must have been kept (LIGHTHOUSE_KEEP_ARTIFACTS=1).
 *
 *   node --import tsx bench/lighthouse/what-if.ts <report.json> [--drop part]… [--split part:n] [--scale s]
 *
 * --drop: requests whose URL contains `part` never happen (sent after the paint); their bytes go to the
 *   first request whose URL contains --into's part, when given (a merge).
 * --split part:n: that file becomes n files of a n-th of its bytes each, fetched side by side.
 * --scale s: every script and stylesheet has s times its bytes.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Result } from 'lighthouse';

/** The fields of the DevTools protocol's network events this changes. */
interface LogEntry {
  method: string;
  params: {
    requestId?: string;
    encodedDataLength?: number;
    request?: { url: string };
    response?: { url: string };
  };
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    drop: { type: 'string', multiple: true, default: [] },
    into: { type: 'string' },
    split: { type: 'string' },
    scale: { type: 'string', default: '1' },
  },
});
const reportFile = positionals[0];
if (!reportFile)
  throw new Error('usage: what-if.ts <report.json> [--drop part]… [--split part:n] [--scale s]');
const dir = reportFile.replace(/\.json$/, '-artifacts');
const read = <T>(file: string): T => JSON.parse(readFileSync(`${dir}/${file}`, 'utf8')) as T;
const lhr = JSON.parse(readFileSync(reportFile, 'utf8')) as Result;
const artifacts = read<{ GatherContext: unknown; URL: unknown }>('artifacts.json');
const trace = read<unknown>('defaultPass.trace.json');
let log = read<LogEntry[]>('defaultPass.devtoolslog.json');

const idOf = (entry: LogEntry) => entry.params?.requestId ?? '';
const bytesOf = (entry: LogEntry) =>
  entry.method === 'Network.loadingFinished' ? (entry.params.encodedDataLength ?? 0) : 0;
const urlOf = new Map<string, string>();
for (const e of log)
  if (e.method === 'Network.requestWillBeSent') urlOf.set(idOf(e), e.params.request?.url ?? '');
const matching = (part: string) => [...urlOf].filter(([, url]) => url.includes(part)).map(([id]) => id);

const dropped = new Set(values.drop.flatMap(matching));
const droppedBytes = log.filter((e) => dropped.has(idOf(e))).reduce((sum, e) => sum + bytesOf(e), 0);
log = log.filter((e) => !dropped.has(idOf(e)));
const into = values.into ? matching(values.into)[0] : undefined;
for (const e of log)
  if (into && idOf(e) === into && bytesOf(e)) e.params.encodedDataLength = bytesOf(e) + droppedBytes;

const scale = Number(values.scale);
for (const e of log) {
  if (bytesOf(e) && /\.(js|css)$/.test(urlOf.get(idOf(e)) ?? ''))
    e.params.encodedDataLength = Math.round(bytesOf(e) * scale);
}

if (values.split) {
  const [part, count] = values.split.split(':');
  const n = Number(count);
  const id = matching(part!)[0];
  const share = (entry: LogEntry, k: number): LogEntry => {
    const copy = structuredClone(entry);
    if (bytesOf(copy)) copy.params.encodedDataLength = Math.round(bytesOf(copy) / n);
    if (k > 0) {
      copy.params.requestId = `${id}.part${k}`;
      for (const key of ['request', 'response'] as const) {
        const target = copy.params[key];
        if (target) target.url = target.url.replace(/(\.\w+)$/, `-part${k}$1`);
      }
    }
    return copy;
  };
  log = log.flatMap((e) => (idOf(e) === id ? Array.from({ length: n }, (_, k) => share(e, k)) : [e]));
}

const lighthouse = 'lighthouse/core/computed/metrics';
const { LanternLargestContentfulPaint } = await import(`${lighthouse}/lantern-largest-contentful-paint.js`);
const { LanternFirstContentfulPaint } = await import(`${lighthouse}/lantern-first-contentful-paint.js`);
const settings = lhr.configSettings;
const context = { computedCache: new Map(), settings };
const data = {
  trace,
  devtoolsLog: log,
  gatherContext: artifacts.GatherContext,
  settings,
  URL: artifacts.URL,
  SourceMaps: [],
  simulator: null,
};
const lcp = await LanternLargestContentfulPaint.request(data, context);
const fcp = await LanternFirstContentfulPaint.request(data, context);
const reported = lhr.audits['largest-contentful-paint']?.numericValue ?? NaN;
console.log(
  `largest paint ${Math.round(lcp.timing)} ms (reported ${Math.round(reported)} ms), first paint ${Math.round(fcp.timing)} ms; ` +
    `${dropped.size} requests dropped (${Math.round(droppedBytes / 1024)} KB)`,
);
