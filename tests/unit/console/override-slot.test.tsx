// @vitest-environment jsdom

import { cleanup, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { OverrideSlot } from '../../../src/console/generic/OverrideSlot';
import '../../../src/console/i18n';
import type { OverrideProps } from '../../../src/console/generic/override-types';
import { requireResource } from '../../../src/console/registry';
import { type OverrideLoader, overrideLoaders } from '../../../src/generated/console-overrides';
import { consoleResources } from './console-models';
import { stubMatchMedia } from './match-media';

const context = {
  resource: requireResource('hook'),
  record: { id: 'h1', name: 'Orders' },
  refetch: async () => undefined,
};

const Card = ({ record }: OverrideProps) => <p>Card of {String(record.name)}</p>;

/** A loader that resolves when told to, so the slot can be seen before and after the override's code arrives. */
const deferredLoader = () => {
  let resolve: (component: ComponentType<OverrideProps>) => void = () => undefined;
  const loader = vi.fn<OverrideLoader>(
    () =>
      new Promise((done) => {
        resolve = done;
      }),
  );
  return { loader, arrive: () => resolve(Card) };
};

describe('override slot', () => {
  beforeAll(stubMatchMedia);
  afterEach(cleanup);

  it('has a loader for every key a descriptor names, each bringing the component', async () => {
    const named = consoleResources.flatMap((resource) =>
      (resource.detail?.tabs ?? []).flatMap((tab) =>
        tab.kind === 'view' ? [tab.view] : tab.kind === 'form' ? tab.cards : [],
      ),
    );
    expect(Object.keys(overrideLoaders).sort()).toEqual([...new Set(named)].sort());
    const { EndpointsCard } = await import('../../../src/entities/application/console/EndpointsCard');
    expect(await overrideLoaders['application.card.endpoints']()).toBe(EndpointsCard);
  });

  it("loads an override's code only when a slot shows it, once, with a placeholder meanwhile", async () => {
    const first = deferredLoader();
    const other = deferredLoader();
    const loaders = { 'hook.card.first': first.loader, 'hook.card.other': other.loader };
    expect(first.loader).not.toHaveBeenCalled();

    render(<OverrideSlot keyName="hook.card.first" loaders={loaders} {...context} />);
    expect(first.loader).toHaveBeenCalledTimes(1);
    expect(other.loader).not.toHaveBeenCalled();
    expect(document.querySelector('.ant-skeleton')).not.toBeNull();
    first.arrive();
    expect(await screen.findByText('Card of Orders')).toBeTruthy();
    expect(document.querySelector('.ant-skeleton')).toBeNull();

    // Shown again (another record, another visit): the loaded code is reused.
    cleanup();
    render(
      <OverrideSlot keyName="hook.card.first" loaders={loaders} {...context} record={{ id: 'h2', name: 'Users' }} />,
    );
    expect(screen.getByText('Card of Users')).toBeTruthy();
    expect(first.loader).toHaveBeenCalledTimes(1);
  });

  it('renders what it is told for a key without an implementation', () => {
    render(<OverrideSlot keyName="hook.card.unknown" loaders={{}} missing={<p>No such view</p>} {...context} />);
    expect(screen.getByText('No such view')).toBeTruthy();
  });
});
