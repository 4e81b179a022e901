// @vitest-environment jsdom

import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import '../../../src/console/i18n';
import { TopBar } from '../../../src/console/layout/TopBar';
import { stubMatchMedia } from './match-media';

// The user menu needs a signed-in session; the links around it do not.
vi.mock('../../../src/console/layout/UserMenu', () => ({ UserMenu: () => null }));

const origin = 'http://console.example';

describe('top bar', () => {
  beforeAll(stubMatchMedia);
  afterEach(cleanup);

  it("leads to this product's own documentation and API reference, on the console's origin", async () => {
    render(
      <MemoryRouter>
        <TopBar />
      </MemoryRouter>,
    );
    const docs = screen.getByRole('link', { name: /Docs/ });
    expect(new URL(docs.getAttribute('href') ?? '', origin).toString()).toBe(`${origin}/docs`);

    fireEvent.click(screen.getByRole('button', { name: /Help/ }));
    const menu = await screen.findByRole('menu');
    const targets = within(menu)
      .getAllByRole('link')
      .map((link) => ({ name: link.textContent, url: new URL(link.getAttribute('href') ?? '', origin).toString() }));
    expect(targets).toEqual([
      { name: 'Documentation', url: `${origin}/docs` },
      { name: 'API reference', url: `${origin}/docs/api` },
    ]);
    // No other site: every link of the bar stays on the origin the console is served from.
    for (const link of document.querySelectorAll('a[href]')) {
      expect(new URL(link.getAttribute('href') ?? '', origin).origin, link.outerHTML).toBe(origin);
    }
  });
});
