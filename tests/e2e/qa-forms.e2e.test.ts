/**
 * The QA form matrix in Chromium: every form `GET /api/qa/forms` lists × each of its fixtures × two languages, one
 * in the light and one in the dark theme, through the console's QA form gallery (the page shows each fixture in the
 * form the console renders, validated as a submit would). A valid fixture must leave its form without errors; an
 * invalid one must show the expected error, its message on the expected field. axe-core checks each form on the page
 * of its cases, with every rule in the first view and the colour rules in the others (what a view changes in a form's
 * markup is its texts, which the locale parity tests hold). A form's validation does not depend on the theme, nor its
 * colours on the language: each language and each theme is checked once (`QA_MATRIX=full` checks every language in
 * every theme). Writes `test-results/qa-forms/index.html` (screenshots of failures; of each form's first page too
 * with `QA_SHOTS=all` or `QA_MATRIX=full`: they took about a quarter of the run) and fails listing every mismatch.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { colourRules } from './accessibility';
import { runAxe, seriousViolations } from './axe';
import {
  authHeaders,
  type Browser,
  ensureConsoleBuilt,
  launchBrowser,
  type RunningServer,
  root,
  startServer,
} from './harness';
import { type AxeRun, type CaseRun, writeReport } from './qa-report';
import { type View, views } from './qa-views';

const reportDir = join(root, 'test-results', 'qa-forms');
const shotDir = join(reportDir, 'shots');
/** Pages working at once: each loads a form's cases, checks them and runs axe. */
const parallelPages = 4;

interface FormEntry {
  entity: string;
  form: string;
  valid: number;
  invalid: number;
}

/** What a case card says about itself (the gallery marks result, expected field and message on it). */
interface CardState {
  name: string;
  result: string | null;
  field: string | null;
  message: string | null;
  /** The text under the expected field, when the form has it; null without such an error element. */
  shown: string | null;
  /** Whether the form has a field for the expected path at all (its label). */
  hasField: boolean;
  /** Errors shown on a valid case's fields. */
  stray: string[];
}

/** Screenshots of every form's page for the report, not only of failures. */
const sampleShots = process.env.QA_SHOTS === 'all' || process.env.QA_MATRIX === 'full';
/** `QA_FORMS=hook,role` runs the matrix for these entities only. */
const onlyEntities = (process.env.QA_FORMS ?? '').split(',').filter(Boolean);
let started = performance.now();
let server: RunningServer;
let browser: Browser;
const cases: CaseRun[] = [];
const axe: AxeRun[] = [];
let shots = 0;

/** Screenshots for the report, as JPEG: encoding a full gallery page as PNG costs seconds on a busy machine. */
const shoot = async (page: Page, name: string, target?: string) => {
  shots += 1;
  const file = `${String(shots).padStart(3, '0')}-${name.replace(/[^A-Za-z0-9_.-]+/g, '-')}.jpg`;
  const options = { path: join(shotDir, file), type: 'jpeg', quality: 80, animations: 'disabled' } as const;
  if (target) await page.locator(target).screenshot(options);
  else await page.screenshot({ ...options, fullPage: true });
  return file;
};

const problemsOf = (card: CardState): { problems: string[]; notes: string[] } => {
  const problems: string[] = [];
  const notes: string[] = [];
  if (card.result === 'outside') {
    notes.push("the expected error is on a value the console's form does not ask for");
    return { problems, notes };
  }
  if (card.result === 'replaced') {
    notes.push("the form cannot hold the fixture's value (a choice offers only valid values)");
    return { problems, notes };
  }
  if (card.result !== 'pass') problems.push(`the gallery says ${card.result}: see the errors beside the form`);
  if (card.name.startsWith('valid/')) {
    if (card.stray.length) problems.push(`errors shown on a valid fixture: ${card.stray.join('; ')}`);
  } else if (card.result === 'pass') {
    if (card.shown !== null) {
      if (card.shown !== card.message) problems.push(`the field shows "${card.shown}", expected "${card.message}"`);
    } else if (card.hasField) {
      problems.push(`the field ${card.field} shows no message (expected "${card.message}")`);
    } else {
      notes.push(`no field for the value in the form; the error is listed beside it: "${card.message}"`);
    }
  }
  return { problems, notes };
};

const formPath = (form: FormEntry) =>
  `/console/qa/forms/${encodeURIComponent(form.entity)}/${encodeURIComponent(form.form)}`;
const viewQuery = (view: View) => `?lng=${view.locale}&theme=${view.theme}`;

/** Pages showing the gallery: the next form or view opens in place, as the gallery's own links would open it. */
const onGallery = new WeakSet<Page>();

/** Shows a form's gallery page in a language and theme: loaded once per browser page, then switched in place. */
const show = async (page: Page, form: FormEntry, view: View) => {
  const url = `${formPath(form)}${viewQuery(view)}`;
  if (!onGallery.has(page)) {
    await page.goto(`${server.origin}${url}`);
    onGallery.add(page);
  } else
    await page.evaluate((next) => {
      history.pushState(null, '', next);
      dispatchEvent(new PopStateEvent('popstate'));
    }, url);
  // This form's cases (the gallery marks whose they are), every one validated in this language (or marked as
  // outside the form), in this theme; read in the same evaluation that finds them ready, so a re-render between a
  // check and a read cannot hand over an empty list.
  const ready = await page.waitForFunction(
    ({ locale, theme, key }) => {
      const cards = [...document.querySelectorAll('[data-qa-case]')];
      const done =
        document.documentElement.lang === locale &&
        document.documentElement.dataset.theme === theme &&
        document.querySelector('.gh-qa-cases')?.getAttribute('data-qa-form') === key &&
        cards.length > 0 &&
        cards.every(
          (card) =>
            card.getAttribute('data-qa-result') === 'outside' ||
            card.getAttribute('data-qa-result') === 'unavailable' ||
            card.getAttribute('data-qa-language') === locale,
        );
      if (!done) return false;
      // What each card says: its result, expected field and message (the gallery marks them on it).
      return cards.map((card): CardState => {
        const field = card.getAttribute('data-qa-field');
        const errorOf = field ? document.getElementById(`${field}__error`) : null;
        return {
          name: card.getAttribute('data-qa-case') ?? '',
          result: card.getAttribute('data-qa-result'),
          field,
          message: card.getAttribute('data-qa-message'),
          shown: errorOf?.textContent ?? null,
          hasField: field ? document.getElementById(`${field}__label`) !== null : false,
          stray: [...card.querySelectorAll('.gh-field-error')].map((node) => node.textContent ?? ''),
        };
      });
    },
    { ...view, key: `${form.entity}/${form.form}` },
    { timeout: 30_000 },
  );
  return (await ready.jsonValue()) as CardState[];
};

interface ViewChecks {
  /** A screenshot of the page for the report. */
  sample: boolean;
  /** axe's colour rules only: the form's markup was checked with every rule in the first view. */
  colourOnly: boolean;
}

const checkView = async (page: Page, form: FormEntry, view: View, cards: CardState[], checks: ViewChecks) => {
  for (const card of cards) {
    const { problems, notes } = problemsOf(card);
    const [set, fixture] = card.name.split('/');
    const run: CaseRun = {
      entity: form.entity,
      form: form.form,
      fixture: card.name,
      ...view,
      problems,
      notes,
      link: `${formPath(form)}/${set}/${encodeURIComponent(fixture ?? '')}${viewQuery(view)}`,
    };
    if (problems.length) {
      const name = `${form.entity}-${form.form}-${card.name}-${view.locale}-${view.theme}`;
      run.screenshot = await shoot(page, name, `[data-qa-case="${card.name}"]`);
    }
    cases.push(run);
  }
  // axe on the form as the first valid and the first invalid fixture show it (the other cases repeat its markup).
  const firsts = ['valid/', 'invalid/']
    .map((prefix) => cards.find((card) => card.name.startsWith(prefix)))
    .flatMap((card) => (card ? [`[data-qa-case="${card.name}"]`] : []));
  const violations = seriousViolations(
    await runAxe(page, { include: firsts, ...(checks.colourOnly ? { rules: colourRules } : {}) }),
  );
  const run: AxeRun = { entity: form.entity, form: form.form, ...view, violations };
  if (violations.length || checks.sample)
    run.screenshot = await shoot(page, `${form.entity}-${form.form}-${view.locale}-${view.theme}`);
  axe.push(run);
};

/** One form in each of its views, on one page. */
const runForm = async (page: Page, form: FormEntry) => {
  for (const [index, view] of views().entries()) {
    try {
      const cards = await show(page, form, view);
      await checkView(page, form, view, cards, { sample: sampleShots && index === 0, colourOnly: index > 0 });
    } catch (error) {
      // The next view starts from a fresh load of the gallery.
      onGallery.delete(page);
      cases.push({
        entity: form.entity,
        form: form.form,
        fixture: '(page)',
        ...view,
        problems: [`the page did not show its cases: ${(error as Error).message.split('\n')[0]}`],
        notes: [],
        link: `${formPath(form)}${viewQuery(view)}`,
      });
    }
  }
};

describe('QA form matrix', () => {
  beforeAll(async () => {
    ensureConsoleBuilt();
    // The console's administrators hold the QA scope on this server.
    server = await startServer({ GATEHOUSE_BOOTSTRAP_QA: 'true' });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    // Written whatever happened, a run cut short included: what was checked is in it.
    if (server) {
      const seconds = (performance.now() - started) / 1000;
      writeReport(reportDir, { cases, axe, origin: server.origin, seconds });
    }
    await browser?.close();
    await server?.stop();
  });

  test('every form with every fixture, in two languages and both themes, matches its expectations', async () => {
    rmSync(reportDir, { recursive: true, force: true });
    started = performance.now();
    const reply = await fetch(`${server.origin}/api/qa/forms`, { headers: await authHeaders(browser) });
    expect(reply.status).toBe(200);
    const listed = (await reply.json()) as FormEntry[];
    expect(listed.length).toBeGreaterThan(0);
    // A form without fixtures yet has nothing to check; the report lists it.
    const forms = listed.filter(
      (form) => form.valid + form.invalid > 0 && (!onlyEntities.length || onlyEntities.includes(form.entity)),
    );
    for (const form of listed.filter((entry) => entry.valid + entry.invalid === 0)) {
      cases.push({
        entity: form.entity,
        form: form.form,
        fixture: '(none)',
        locale: '',
        theme: '',
        problems: [],
        notes: ['no fixtures yet'],
        link: formPath(form),
      });
    }

    const queue = [...forms];
    const pages = await Promise.all(Array.from({ length: parallelPages }, () => browser.context.newPage()));
    await Promise.all(
      pages.map(async (page) => {
        for (let form = queue.shift(); form; form = queue.shift()) await runForm(page, form);
        await page.close();
      }),
    );

    const report = join(reportDir, 'index.html');
    const mismatches = [
      ...cases
        .filter((run) => run.problems.length)
        .map(
          (run) => `${run.entity} ${run.form} ${run.fixture} [${run.locale}, ${run.theme}]: ${run.problems.join('; ')}`,
        ),
      ...axe
        .filter((run) => run.violations.length)
        .map((run) => `${run.entity} ${run.form} axe [${run.locale}, ${run.theme}]: ${run.violations.join('; ')}`),
    ];
    expect(
      mismatches,
      `${mismatches.length} mismatches of ${cases.length} cases and ${axe.length} axe checks; report: ${report}`,
    ).toEqual([]);
    // A quiet two-core machine runs it in a few minutes; the limit leaves room for a busy one.
  }, 900_000);
});
