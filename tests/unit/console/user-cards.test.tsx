// @vitest-environment jsdom

import type { DataProvider } from '@refinedev/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import '../../../src/console/i18n';
import { resolveApiPath } from '../../../src/console/providers/api-path';
import { requireResource } from '../../../src/console/registry';
import { IdentitiesCard, identityRows } from '../../../src/entities/user/console/IdentitiesCard';
import { MfaCard } from '../../../src/entities/user/console/MfaCard';
import type { ConsoleResource } from '../../../src/shared/descriptor';
import { memoryDataProvider, renderAsCaller } from './console-harness';
import { stubMatchMedia } from './match-media';

const users = requireResource('user');
const readOnlyUsers: ConsoleResource = { ...users, requiredScopes: { read: ['read:data'], write: ['write:data'] } };
const record = { id: 'u1', username: 'ada_lovelace' };
const loading = { timeout: 15_000 };

const identities = {
  socialIdentities: [{ target: 'google', identity: { userId: 'g-123', details: { email: 'ada@example.com' } } }],
  ssoIdentities: [
    {
      ssoConnectorId: 'okta-1',
      ssoIdentity: {
        tenantId: 'default',
        id: 's1',
        userId: 'u1',
        issuer: 'https://okta.example.com',
        identityId: 'okta-ada',
        detail: {},
        createdAt: 1,
        updatedAt: 1,
        ssoConnectorId: 'okta-1',
      },
    },
  ],
};
const factors = [
  { id: 'f1', type: 'Totp', createdAt: '2026-01-05T10:00:00.000Z' },
  { id: 'f2', type: 'BackupCode', createdAt: '2026-01-06T10:00:00.000Z', remainCodes: 7 },
];

/** A data provider whose `custom` answers GETs from `answers` by path and records every request. */
const providerWith = (answers: Record<string, unknown>) => {
  const custom = vi.fn(async ({ url, method, meta }: Parameters<NonNullable<DataProvider['custom']>>[0]) => {
    const path = resolveApiPath(url, meta);
    return { data: (method === 'get' ? answers[path] : {}) as never };
  });
  const provider: DataProvider = { ...memoryDataProvider(record), custom };
  return { provider, custom };
};

const renderCard = (
  Card: typeof IdentitiesCard,
  { resource = users, scopes = ['all'], answers }: { resource?: ConsoleResource; scopes?: string[]; answers: object },
) => {
  const { provider, custom } = providerWith(answers as Record<string, unknown>);
  renderAsCaller({
    scopes,
    path: '/card',
    routes: [{ path: 'card', element: <Card resource={resource} record={record} refetch={async () => undefined} /> }],
    dataProvider: provider,
  });
  return custom;
};

beforeAll(stubMatchMedia);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the user identities card', () => {
  it('reads social identities, then SSO ones, from all-identities', () => {
    expect(identityRows(identities)).toEqual([
      { kind: 'social', target: 'google', providerUserId: 'g-123' },
      { kind: 'sso', target: 'okta-1', providerUserId: 'okta-ada' },
    ]);
    expect(identityRows({})).toEqual([]);
  });

  it('lists the identities and unlinks a social one after confirmation; SSO ones cannot be unlinked', async () => {
    const custom = renderCard(IdentitiesCard, { answers: { '/users/u1/all-identities': identities } });
    const table = await screen.findByRole('table', { name: 'Identities' }, loading);
    await within(table).findByText('g-123', undefined, loading);
    expect(within(table).getByText('okta-ada')).toBeTruthy();
    expect(within(table).getByText('Enterprise SSO')).toBeTruthy();
    expect(within(table).getAllByRole('button', { name: /^Unlink/ })).toHaveLength(1);

    fireEvent.click(within(table).getByRole('button', { name: 'Unlink google' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Unlink “google”?').length).toBeGreaterThan(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unlink' }));
    await waitFor(() =>
      expect(custom).toHaveBeenCalledWith(
        expect.objectContaining({ url: '/users/u1/identities/google', method: 'delete' }),
      ),
    );
    // The list is read again once unlinked.
    await waitFor(() =>
      expect(custom.mock.calls.filter(([call]) => call.url === '/users/{userId}/all-identities').length).toBe(2),
    );
  });

  it('says when the user has none, and shows no write button to a read-only caller', async () => {
    renderCard(IdentitiesCard, {
      answers: { '/users/u1/all-identities': { socialIdentities: [], ssoIdentities: [] } },
    });
    expect(await screen.findByText('No social or SSO identities linked.', undefined, loading)).toBeTruthy();
    cleanup();
    renderCard(IdentitiesCard, {
      resource: readOnlyUsers,
      scopes: ['read:data'],
      answers: { '/users/u1/all-identities': identities },
    });
    await screen.findByText('g-123', undefined, loading);
    expect(screen.queryByRole('button', { name: /Unlink/ })).toBeNull();
  });
});

describe('the user MFA card', () => {
  it('lists the factors with their type and date, and removes one after confirmation', async () => {
    const custom = renderCard(MfaCard, { answers: { '/users/u1/mfa-verifications': factors } });
    const table = await screen.findByRole('table', { name: 'Multi-factor authentication' }, loading);
    await within(table).findByText('Authenticator app (TOTP)', undefined, loading);
    expect(within(table).getByText('Backup codes, 7 left')).toBeTruthy();
    expect(within(table).getByText(/Jan 5/)).toBeTruthy();

    fireEvent.click(within(table).getByRole('button', { name: 'Remove Authenticator app (TOTP)' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(custom).toHaveBeenCalledWith(
        expect.objectContaining({ url: '/users/u1/mfa-verifications/f1', method: 'delete' }),
      ),
    );
  });

  it('says when the user has none, and shows no Remove to a read-only caller', async () => {
    renderCard(MfaCard, { answers: { '/users/u1/mfa-verifications': [] } });
    expect(await screen.findByText('No MFA factors set up.', undefined, loading)).toBeTruthy();
    cleanup();
    renderCard(MfaCard, {
      resource: readOnlyUsers,
      scopes: ['read:data'],
      answers: { '/users/u1/mfa-verifications': factors },
    });
    await screen.findByText('Authenticator app (TOTP)', undefined, loading);
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
  });
});
