/**
 * Accessibility checks for the browser tests: axe-core with the WCAG 2.1 A and AA rules, run on a page in the light
 * and the dark colour scheme, collecting serious and critical violations as readable lines. Also builds sample
 * create bodies from the registry's form schemas, so every entity gets a detail page to check.
 *
 * What a colour scheme changes is colour: a page gets every rule in the scheme it is in and the colour rules in the
 * other, and the console's frame (top bar, sidebar), the same on every page, is checked on the first page it is on.
 */
import type { Page } from 'playwright-core';
import type { JSONSchema7 } from '../../src/shared/json-schema';
import { runAxe, seriousViolations } from './axe';

export const schemes = ['light', 'dark'] as const;
export type Scheme = (typeof schemes)[number];

/** The rules whose outcome depends on colours: all a second colour scheme can change. */
export const colourRules = ['color-contrast', 'link-in-text-block'];
/** The console's frame around every page. */
const frame = ['.gh-topbar', '.gh-sidebar'];

interface Run {
  /** Only the colour rules. */
  colourOnly: boolean;
  /** Leaves the console's frame out. */
  withoutFrame: boolean;
}

/** One violation as a line: `dark /console/roles: color-contrast (serious) .gh-sidebar-group-title — …`. */
const describeViolations = async (page: Page, label: string, scheme: Scheme, run: Run): Promise<string[]> => {
  const results = await runAxe(page, {
    ...(run.colourOnly ? { rules: colourRules } : {}),
    ...(run.withoutFrame ? { exclude: frame } : {}),
  });
  return seriousViolations(results, (line) => `${scheme} ${label}: ${line}`);
};

/**
 * The page's theme has followed the emulated colour scheme (the console sets `data-theme`; sign-in pages use CSS,
 * their `data-theme` says whether they follow the scheme at all, per the tenant's dark mode).
 */
const themeApplied = (page: Page, scheme: Scheme) =>
  page.waitForFunction(
    (expected) => {
      const theme = document.documentElement.dataset.theme;
      const signInPage = document.querySelector('body > main.card') !== null;
      return theme === undefined || theme === expected || signInPage;
    },
    scheme,
    { timeout: 15_000 },
  );

/** Waits until nothing on the page is loading (skeletons, spinners). */
export const settled = (page: Page) =>
  page.waitForFunction(() => !document.querySelector('.ant-skeleton, .ant-spin-spinning, .gh-auth-pending'), null, {
    timeout: 15_000,
  });

/** Every rule in the first scheme, the colour rules in the others; the page is left in the last one. */
const checkSchemes = async (page: Page, label: string, order: readonly Scheme[], withoutFrame: boolean) => {
  const found: string[] = [];
  for (const [index, scheme] of order.entries()) {
    await page.emulateMedia({ colorScheme: scheme });
    await themeApplied(page, scheme);
    await settled(page);
    found.push(...(await describeViolations(page, label, scheme, { colourOnly: index > 0, withoutFrame })));
  }
  return found;
};

/**
 * Checks the page as it is in both colour schemes and returns the serious and critical violations, leaving it in
 * the light one. The console follows the system scheme unless the user chose one, so emulating the scheme switches
 * its appearance too.
 */
export const checkPage = async (page: Page, label: string): Promise<string[]> => {
  const found = await checkSchemes(page, label, schemes, false);
  await page.emulateMedia({ colorScheme: 'light' });
  await themeApplied(page, 'light');
  return found;
};

/**
 * `checkPage` for a walk through many pages of one browser page: each page starts in the scheme the last one ended
 * in, and the console's frame is checked on the first page that has it.
 */
export const pageWalk = (page: Page) => {
  let current: Scheme = 'light';
  let frameChecked = false;
  return async (label: string): Promise<string[]> => {
    const hasFrame = (await page.locator(frame.join(', ')).count()) > 0;
    const order = current === 'light' ? schemes : [...schemes].reverse();
    const found = await checkSchemes(page, label, order, hasFrame && frameChecked);
    current = order[order.length - 1] ?? current;
    if (hasFrame) frameChecked = true;
    return found;
  };
};

let counter = 0;

/** A valid value for a schema: its enum's first value, a URL for URIs, the minimum for numbers, … */
export const sampleValue = (schema: JSONSchema7, name: string): unknown => {
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((item) => item !== 'null') : schema.type;
  counter += 1;
  switch (type) {
    case 'string': {
      if (schema.format === 'uri' || schema.format === 'url') return `https://a11y-${counter}.example.com`;
      if (schema.format === 'email') return `a11y-${counter}@example.com`;
      return `A11y-${name}-${counter}`.slice(0, schema.maxLength ?? 64);
    }
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      return false;
    case 'array': {
      const items = (schema.items ?? {}) as JSONSchema7;
      const count = Math.max(schema.minItems ?? 0, 1);
      if (items.enum) return items.enum.slice(0, count);
      return Array.from({ length: count }, () => sampleValue(items, name));
    }
    case 'object':
      return sampleBody(schema);
    default:
      return null;
  }
};

/** The required properties of an object schema, each with a sample value. */
export const sampleBody = (schema: JSONSchema7): Record<string, unknown> => {
  const properties = (schema.properties ?? {}) as Record<string, JSONSchema7>;
  return Object.fromEntries(
    (schema.required ?? []).map((name) => [name, sampleValue(properties[name] ?? {}, name)] as const),
  );
};
