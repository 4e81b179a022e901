/**
 * axe-core in a Chromium page, loaded once per document rather than once per check. The walks over many pages
 * switch pages inside the console (no reload), so a page's document keeps axe from one check to the next; loading
 * its 650 KB source again for every check (and twice, as the Playwright adapter does) cost more than some checks.
 * Frames get it too (the sign-in experience's preview), checked the way axe's legacy mode checks them: same origin.
 */
import axe from 'axe-core';
import type { Frame, Page } from 'playwright-core';

export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AxeScope {
  /** CSS selectors to check (default: the whole document). */
  include?: string[];
  /** CSS selectors to leave out. */
  exclude?: string[];
  /** Only these rules (default: every rule of the WCAG 2.1 A and AA tags). */
  rules?: string[];
}

const loadInto = async (frame: Frame) => {
  const loaded = await frame.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object').catch(() => true); // a frame that went away meanwhile has nothing to check
  if (loaded) return;
  await frame.evaluate(`${axe.source};axe.configure({ allowedOrigins: ['<same_origin>'] });`).catch(() => undefined);
};

const emptyScope = 'No elements found for include';

/** Runs axe on the page (and its frames) and returns its results. */
export const runAxe = async (page: Page, scope: AxeScope = {}): Promise<axe.AxeResults> => {
  const context = { include: scope.include ?? [], exclude: scope.exclude ?? [] };
  const options: axe.RunOptions = {
    runOnly: scope.rules ? { type: 'rule', values: scope.rules } : { type: 'tag', values: wcagTags },
  };
  for (let attempt = 1; ; attempt += 1) {
    // What is to be checked is on the page: a re-render may take it away for a moment, and axe refuses an empty
    // scope (then it is looked for again).
    if (context.include.length) {
      await page.waitForFunction(
        (selectors) => selectors.every((selector) => document.querySelector(selector) !== null),
        context.include,
        { timeout: 15_000 },
      );
    }
    for (const frame of page.frames()) await loadInto(frame);
    const outcome = await page.evaluate(
      ({ context, options }) =>
        (window as unknown as { axe: typeof axe }).axe
          .run((context.include.length ? context : { exclude: context.exclude }) as axe.ElementContext, options)
          .then((results) => ({ results, error: null }))
          .catch((error: Error) => ({ results: null, error: error.message })),
      { context, options },
    );
    if (outcome.results) return outcome.results;
    if (attempt >= 3 || !outcome.error?.includes(emptyScope)) throw new Error(`axe: ${outcome.error}`);
  }
};

/** The serious and critical violations of a run, one line per element. */
export const seriousViolations = (results: axe.AxeResults, describe: (line: string) => string = (line) => line) =>
  results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map((node) =>
        describe(
          `${violation.id} (${violation.impact}) ${node.target.join(' ')} — ${
            node.failureSummary?.split('\n').slice(1, 2).join('').trim() || violation.help
          }`,
        ),
      ),
    );
