/**
 * The QA form matrix's report: `test-results/qa-forms/index.html`, the cases grouped by entity and form, failures
 * first, each with the gallery link that opens it and its screenshot when one was taken.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface CaseRun {
  entity: string;
  form: string;
  /** `valid/<name>` or `invalid/<name>`. */
  fixture: string;
  locale: string;
  theme: string;
  /** Why the case failed; none when it passed. */
  problems: string[];
  /** Notes that are no failure (an error on a value the form has no field for). */
  notes: string[];
  /** The gallery page of the case, below the console. */
  link: string;
  /** The screenshot's file name next to the report. */
  screenshot?: string;
}

export interface AxeRun {
  entity: string;
  form: string;
  locale: string;
  theme: string;
  violations: string[];
  screenshot?: string;
}

const html = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const failed = (run: { problems?: string[]; violations?: string[] }) =>
  (run.problems?.length ?? 0) + (run.violations?.length ?? 0) > 0;

/** Groups runs by a key, groups with a failure first, the rest in the order given. */
const grouped = <T>(runs: T[], key: (run: T) => string, failing: (runs: T[]) => boolean): [string, T[]][] => {
  const groups = new Map<string, T[]>();
  for (const run of runs) groups.set(key(run), [...(groups.get(key(run)) ?? []), run]);
  return [...groups].sort(([, a], [, b]) => Number(failing(b)) - Number(failing(a)));
};

const caseRow = (run: CaseRun) => `<tr class="${run.problems.length ? 'fail' : 'pass'}">
  <td>${run.problems.length ? '✗' : '✓'}</td>
  <td><a href="${html(run.link)}">${html(run.fixture)}</a></td>
  <td>${html(run.locale)} · ${html(run.theme)}</td>
  <td>${[...run.problems, ...run.notes.map((note) => `note: ${note}`)].map(html).join('<br>')}</td>
  <td>${run.screenshot ? `<a href="shots/${html(run.screenshot)}">screenshot</a>` : ''}</td>
</tr>`;

const axeRow = (run: AxeRun) => `<tr class="${run.violations.length ? 'fail' : 'pass'}">
  <td>${run.violations.length ? '✗' : '✓'}</td><td>axe</td><td>${html(run.locale)} · ${html(run.theme)}</td>
  <td>${run.violations.map(html).join('<br>')}</td>
  <td>${run.screenshot ? `<a href="shots/${html(run.screenshot)}">screenshot</a>` : ''}</td>
</tr>`;

/** Writes the report and returns its path. */
export const writeReport = (
  dir: string,
  { cases, axe, origin, seconds }: { cases: CaseRun[]; axe: AxeRun[]; origin: string; seconds: number },
): string => {
  mkdirSync(dir, { recursive: true });
  const caseFailures = cases.filter(failed).length;
  const axeFailures = axe.filter(failed).length;
  const forms = grouped(
    [...cases.map((run) => ({ kind: 'case' as const, run })), ...axe.map((run) => ({ kind: 'axe' as const, run }))],
    ({ run }) => `${run.entity}\u0000${run.form}`,
    (runs) => runs.some(({ run }) => failed(run)),
  );
  const entities = grouped(
    forms,
    ([key]) => key.split('\u0000')[0] ?? '',
    (group) => group.some(([, runs]) => runs.some(({ run }) => failed(run))),
  );
  const sections = entities
    .map(
      ([entity, entityForms]) =>
        `<section><h2>${html(entity)}</h2>${entityForms
          .map(([key, runs]) => {
            const form = key.split('\u0000')[1] ?? '';
            const rows = [...runs]
              .sort((a, b) => Number(failed(b.run)) - Number(failed(a.run)))
              .map((entry) => (entry.kind === 'case' ? caseRow(entry.run) : axeRow(entry.run)))
              .join('\n');
            const bad = runs.filter(({ run }) => failed(run)).length;
            return `<details ${bad ? 'open' : ''}><summary>${html(form)} — ${bad ? `${bad} failing` : 'all pass'} (${runs.length} checks)</summary>
<table><thead><tr><th></th><th>Fixture</th><th>Language · theme</th><th>Problems</th><th></th></tr></thead><tbody>${rows}</tbody></table></details>`;
          })
          .join('\n')}</section>`,
    )
    .join('\n');
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>QA form matrix</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;margin:24px;color:#1f2328}
table{border-collapse:collapse;width:100%;margin:8px 0 16px}td,th{border-bottom:1px solid #d0d7de;padding:4px 8px;text-align:left;vertical-align:top}
tr.fail td{background:#ffebe9}summary{cursor:pointer;font-weight:600;margin:6px 0}h2{margin-top:24px}
</style></head><body>
<h1>QA form matrix</h1>
<p>${cases.length} cases (every form × fixture × language × theme): <strong>${caseFailures} failing</strong>;
${axe.length} accessibility checks (axe, WCAG 2.1 A/AA, serious and critical): <strong>${axeFailures} failing</strong>.
Run in ${seconds.toFixed(0)} s. Links open the case in the form gallery of the server the run used (${html(origin)});
on another server replace the origin.</p>
${sections}
</body></html>`;
  const path = join(dir, 'index.html');
  writeFileSync(path, page);
  return path;
};
