/** Load generation (autocannon) and the per-run figures the benchmark reports. */
import autocannon from 'autocannon';

export interface Scenario {
  label: string;
  /** The requests, sent in turn; `headers` such as `Prefer: count=estimated`. */
  requests: { method: 'GET'; path: string; headers?: Record<string, string> }[];
}

export interface Run {
  rps: number;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  total: number;
  bad: number;
  /** CPU time of the process that served the requests (the app, or the raw replay), µs per request; NaN if unknown. */
  cpu: number;
}

export interface Summary {
  scenario: string;
  detail: string;
  runs: Run[];
}

/** The q-th percentile (0–100) of sorted values, nearest-rank. */
const percentile = (sorted: Float64Array, q: number) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.ceil((q / 100) * sorted.length) - 1)] ?? 0);

/**
 * One autocannon run. Requests per second is autocannon's mean of its per-second samples; latencies are computed
 * here from every response time autocannon reports, because its own histogram only resolves whole milliseconds.
 */
export const load = (origin: string, scenario: Scenario, duration: number, connections: number): Promise<Run> =>
  new Promise((resolve, reject) => {
    let times = new Float64Array(1 << 16);
    let count = 0;
    const instance = autocannon(
      { url: origin, connections, duration, pipelining: 1, requests: scenario.requests },
      (error: unknown, result: autocannon.Result) => {
        if (error) return reject(error);
        const sorted = times.subarray(0, count).sort();
        resolve({
          rps: result.requests.mean,
          p50: percentile(sorted, 50),
          p90: percentile(sorted, 90),
          p95: percentile(sorted, 95),
          p99: percentile(sorted, 99),
          total: result.requests.total,
          bad: result.non2xx + result.errors,
          cpu: Number.NaN,
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      if (count === times.length) {
        const grown = new Float64Array(times.length * 2);
        grown.set(times);
        times = grown;
      }
      times[count++] = responseTime;
    });
  });

/** One request per scenario, to fail early on a broken route and to describe what each scenario returns. */
export const probe = async (origin: string, scenario: Scenario): Promise<string> => {
  const first = scenario.requests[0];
  if (!first) throw new Error(`Scenario ${scenario.label} has no request`);
  const response = await fetch(`${origin}${first.path}`, { headers: first.headers ?? {} });
  if (response.status !== 200) throw new Error(`${scenario.label}: GET ${first.path} answered ${response.status}`);
  const body = (await response.json()) as unknown;
  const total = response.headers.get('total-number');
  const next = response.headers.get('next-cursor');
  if (Array.isArray(body) && total === null) return `${body.length} items, ${next ? 'a' : 'no'} Next-Cursor`;
  const estimated = response.headers.get('total-number-is-estimated') === 'true' ? ' (estimated)' : '';
  if (Array.isArray(body)) return `${body.length} items, Total-Number ${total}${estimated}`;
  return `${scenario.requests.length} distinct ids, 1 row each`;
};
