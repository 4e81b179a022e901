/** The console benchmark's report: the cold loads, then one row per sidebar page, with the targets. */
import type { ColdSample, PageResult } from './console-browser.js';
import { fixed, median, percentile, table } from './report.js';
import { print } from './run.js';

/** The goals the figures are read against (ms). */
export const targets = { clickMedian: 100, clickP95: 200, coldDclMedian: 300 } as const;

const ms = (value: number) => fixed(value, 0);
const verdict = (met: boolean) => (met ? 'met' : 'missed');

/** Median, p95, min and max, in whole ms. */
const spread = (values: number[]) =>
  [median(values), percentile(values, 95), Math.min(...values), Math.max(...values)].map(ms);

export const printCold = (samples: ColdSample[]) => {
  if (samples.length === 0) return;
  const dcl = samples.map((sample) => sample.dcl);
  const opened = [...new Set(samples.map((sample) => sample.path))].join(', ');
  print();
  print(
    `Cold load of /console (opened ${opened}), ${samples.length} new browser contexts with an empty cache, ` +
      'signed in; ms since the navigation started:',
  );
  print(
    table(
      ['', 'median', 'p95', 'min', 'max'],
      [
        ['first byte', ...spread(samples.map((sample) => sample.firstByte))],
        ['DOMContentLoaded', ...spread(dcl)],
        ['heading visible', ...spread(samples.map((sample) => sample.heading))],
      ],
    ),
  );
  print(
    `Target: DOMContentLoaded median ≤ ${targets.coldDclMedian} ms: ${verdict(median(dcl) <= targets.coldDclMedian)}`,
  );
};

const pageMet = (result: PageResult) =>
  result.timeouts === 0 &&
  median(result.ready) <= targets.clickMedian &&
  percentile(result.ready, 95) <= targets.clickP95;

export const printClicks = (results: PageResult[], clicks: number) => {
  if (results.length === 0) return;
  print();
  print(
    `Sidebar clicks: ${clicks} per page after one warm-up round, each from the page before it in the sidebar; ` +
      "medians in ms from the click (in-page time) to the new page's heading, to its first rows (lists) or " +
      'card/form (other pages) perhaps still loading, and to ready (heading and content shown, nothing loading):',
  );
  const rows = results.map((result) => [
    result.page.name,
    `/${result.page.key}`,
    result.kind === 'rows' ? 'table row' : 'card/form',
    ms(median(result.heading)),
    ms(median(result.content)),
    ms(median(result.ready)),
    ms(percentile(result.ready, 95)),
    ms(Math.max(...result.ready)),
    String(result.timeouts),
    `${fixed(result.load[0], 2)} → ${fixed(result.load[1], 2)}`,
    verdict(pageMet(result)),
  ]);
  const heading = results.flatMap((result) => result.heading);
  const content = results.flatMap((result) => result.content);
  const ready = results.flatMap((result) => result.ready);
  const timeouts = results.reduce((sum, result) => sum + result.timeouts, 0);
  rows.push([
    'overall',
    '',
    '',
    ms(median(heading)),
    ms(median(content)),
    ms(median(ready)),
    ms(percentile(ready, 95)),
    ms(Math.max(...ready)),
    String(timeouts),
    `${fixed(results[0]?.load[0] ?? Number.NaN, 2)} → ${fixed(results.at(-1)?.load[1] ?? Number.NaN, 2)}`,
    '',
  ]);
  print(
    table(
      [
        'page',
        'path',
        'waits for',
        'heading',
        'content',
        'ready',
        'ready p95',
        'max',
        'timeouts',
        'load 1m before → after',
        'target',
      ],
      rows,
    ),
  );
  const met = results.filter(pageMet).length;
  print(
    `Target: every page's ready median ≤ ${targets.clickMedian} ms and p95 ≤ ${targets.clickP95} ms: ` +
      `${met} of ${results.length} pages met it.` +
      (clicks < 20 ? ' (With fewer than 20 clicks, p95 is the slowest click.)' : ''),
  );
};
