// @vitest-environment jsdom

import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildColumns } from '../../../src/console/generic/columns';
import { AVATAR_PALETTE, letterAvatar } from '../../../src/console/generic/LetterAvatar';
import { i18n } from '../../../src/console/i18n';
import { recordTitle, requireResource } from '../../../src/console/registry';
import { parseJsonObject } from '../../../src/console/rjsf/fields/JsonField';
import { generateSecret } from '../../../src/console/rjsf/widgets/secret-widget';
import { stubMatchMedia } from './match-media';

const users = requireResource('user');
beforeAll(stubMatchMedia);
afterEach(cleanup);

const cells = (row: Record<string, unknown>) =>
  buildColumns(i18n.t, users).map((column) => {
    const renderCell = column.render as (value: unknown, row: unknown) => ReactNode;
    return render(<div>{renderCell(undefined, row)}</div>).container.textContent;
  });

describe('the user list', () => {
  it('shows a letter on one of twelve colours, picked by the letter, when a user has no avatar', () => {
    expect(AVATAR_PALETTE).toHaveLength(12);
    expect(letterAvatar('ada')).toEqual({ letter: 'A', color: AVATAR_PALETTE[65 % 12] });
    expect(letterAvatar('zoë')).toEqual({ letter: 'Z', color: AVATAR_PALETTE[90 % 12] });
    expect(letterAvatar('  ')).toBeUndefined();
  });

  it('calls a user by name, else username, email or phone, and lists the first identifier set', () => {
    expect(cells({ id: 'u1', name: 'Grace Hopper', primaryEmail: 'grace@example.com', lastSignInAt: null })).toEqual([
      'GGrace Hopper',
      'grace@example.com',
      '-',
    ]);
    expect(cells({ id: 'u2', name: null, username: null, primaryEmail: null, primaryPhone: '+1 555 0100' })).toEqual([
      '++1 555 0100',
      '+1 555 0100',
      '-',
    ]);
    expect(recordTitle(users, { id: 'u3', name: '', username: 'ada_lovelace' })).toBe('ada_lovelace');
    expect(recordTitle(users, { id: 'u4' })).toBe('u4');
  });
});

describe('user form pieces', () => {
  it('accepts only a JSON object as custom data', () => {
    expect(parseJsonObject('{"plan": "pro"}')).toEqual({ plan: 'pro' });
    expect(parseJsonObject('')).toEqual({});
    expect(parseJsonObject('[1]')).toBeUndefined();
    expect(parseJsonObject('null')).toBeUndefined();
    expect(parseJsonObject('{plan: pro}')).toBeUndefined();
  });

  it('generates distinct 16-character passwords of letters and digits', () => {
    const passwords = new Set(Array.from({ length: 20 }, () => generateSecret()));
    expect(passwords.size).toBe(20);
    for (const password of passwords) expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
  });
});
