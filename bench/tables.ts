/** The result tables of the API benchmark. */
import type { Run, Summary } from './load.js';
import { fixed, median, table } from './report.js';

/** A database's results: the scenarios measured on the empty table, then on the seeded one. */
export interface TargetResult {
  empty: Summary[];
  seeded: Summary[];
}

export const medianOf = (summary: Summary, key: keyof Run) => median(summary.runs.map((run) => run[key]));

export const resultTable = (summaries: Summary[]) =>
  table(
    ['scenario', 'req/s', 'req/s min–max', 'p50 ms', 'p90 ms', 'p99 ms', 'non-2xx/err', 'response'],
    summaries.map((s) => [
      s.scenario,
      fixed(medianOf(s, 'rps')),
      `${fixed(Math.min(...s.runs.map((r) => r.rps)))}–${fixed(Math.max(...s.runs.map((r) => r.rps)))}`,
      fixed(medianOf(s, 'p50'), 2),
      fixed(medianOf(s, 'p90'), 2),
      fixed(medianOf(s, 'p99'), 2),
      String(s.runs.reduce((sum, r) => sum + r.bad, 0)),
      s.detail,
    ]),
  );

/** Each scenario measured on both tables, side by side, with how much slower the seeded table served it. */
export const comparisonTable = (label: string, result: TargetResult, rows: number, unit = 'roles') =>
  [
    `${label}: empty table vs ${rows} ${unit} per tenant (slowdown = empty req/s / seeded req/s; 1.00x = no slower)`,
    table(
      ['scenario', 'empty req/s', 'p50 ms', 'p99 ms', 'seeded req/s', 'p50 ms', 'p99 ms', 'slowdown'],
      result.empty.map((empty) => {
        const seeded = result.seeded.find((s) => s.scenario === empty.scenario);
        const a = medianOf(empty, 'rps');
        const b = seeded ? medianOf(seeded, 'rps') : Number.NaN;
        const at = (s: Summary | undefined, key: keyof Run, digits = 2) =>
          s ? fixed(medianOf(s, key), digits) : 'n/a';
        return [
          empty.scenario,
          fixed(a),
          at(empty, 'p50'),
          at(empty, 'p99'),
          fixed(b),
          at(seeded, 'p50'),
          at(seeded, 'p99'),
          `${fixed(a / b, 2)}x`,
        ];
      }),
    ),
  ].join('\n');
