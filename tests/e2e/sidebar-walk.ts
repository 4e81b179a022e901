import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { settled } from './accessibility';
import { visible } from './console-steps';

/**
 * Opens each page of the console's sidebar in turn, by its link (as a user's clicks do, in any language), and once the
 * page's own heading shows and nothing is loading, hands it to `visit` with its path.
 */
export const walkSidebar = async (page: Page, visit: (path: string, index: number) => Promise<void>) => {
  const links = page.locator('nav.gh-sidebar a');
  const count = await links.count();
  expect(count).toBeGreaterThan(10);
  const heading = page.getByRole('heading', { level: 1 }).first();
  for (let i = 0; i < count; i += 1) {
    const link = links.nth(i);
    const path = (await link.getAttribute('href')) ?? '';
    const opened = new URL(page.url()).pathname.startsWith(path);
    const before = opened ? undefined : await heading.textContent().catch(() => undefined);
    await link.click();
    await expect.poll(() => new URL(page.url()).pathname.startsWith(path)).toBe(true);
    await visible(heading);
    // The last page's heading has gone: what is checked is the new page's.
    if (before !== undefined) await expect.poll(() => heading.textContent(), { timeout: 15_000 }).not.toBe(before);
    await settled(page);
    await visit(path, i);
  }
};
