// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AccessProvider } from '../../../src/console/access/AccessContext';
import '../../../src/console/i18n';
import { Sidebar } from '../../../src/console/layout/Sidebar';
import { lazyPage } from '../../../src/console/navigation/lazy-page';
import { registerPrefetch } from '../../../src/console/navigation/prefetch';
import { stubMatchMedia } from './match-media';

beforeAll(stubMatchMedia);
afterEach(cleanup);

const GadgetsPage = () => <p>All the gadgets</p>;

describe('sidebar prefetch', () => {
  it('fetches a page’s code when its entry is hovered or focused, and the page then renders without fetching again', async () => {
    const download = vi.fn(async () => GadgetsPage);
    const Page = lazyPage(download);
    registerPrefetch('gadgets', () => Page.preload());
    render(
      <AccessProvider scopes={[]}>
        <MemoryRouter>
          <Sidebar
            entries={[
              {
                key: 'gadgets',
                route: 'gadgets',
                titleKey: 'Gadgets',
                group: 'overview',
                order: 1,
                icon: undefined,
                scopes: [],
              },
            ]}
          />
        </MemoryRouter>
      </AccessProvider>,
    );
    const link = screen.getByRole('link', { name: 'Gadgets' });
    expect(download).not.toHaveBeenCalled();
    fireEvent.mouseEnter(link);
    expect(download).toHaveBeenCalledTimes(1);
    fireEvent.focus(link);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(await screen.findByText('All the gadgets')).toBeTruthy();
    expect(download).toHaveBeenCalledTimes(1);
  });

  it('tries a failed download again on the next hover', async () => {
    const download = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(GadgetsPage);
    const Page = lazyPage(download);
    await expect(Page.preload()).rejects.toThrow('offline');
    await expect(Page.preload()).resolves.toBe(GadgetsPage);
    expect(download).toHaveBeenCalledTimes(2);
  });
});
