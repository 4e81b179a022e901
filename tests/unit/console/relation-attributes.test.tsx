// @vitest-environment jsdom

import { cleanup, render } from '@testing-library/react';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { linkAttributeColumns } from '../../../src/console/generic/relations/link-columns';
import { requireResource } from '../../../src/console/registry';
import type { LinkedRelation } from '../../../src/shared/descriptor';
import { compileSet } from '../../shapes/sets';

const t = ((key: string) => `«${key}»`) as unknown as TFunction;
let members: LinkedRelation;
let teams: LinkedRelation;

beforeAll(async () => {
  const { models } = await compileSet('relations');
  const linked = (entity: string) =>
    models.find((model) => model.name === entity)?.relations.find((r) => r.kind === 'linked') as LinkedRelation;
  members = linked('team');
  teams = linked('member');
});
afterEach(cleanup);

const cell = (relation: LinkedRelation, index: number, row: Record<string, unknown>) => {
  const column = linkAttributeColumns(t, relation)[index] as { render: (value: unknown, row: unknown) => ReactNode };
  return render(<div>{column.render(undefined, row)}</div>).container.textContent;
};

describe('relation tabs show the link’s attributes', () => {
  it('on both sides of a membership: note, expiry and join date, each with its title', () => {
    for (const relation of [members, teams]) {
      expect(linkAttributeColumns(t, relation).map((column) => column.title)).toEqual([
        '«relations.attribute.note»',
        '«relations.attribute.expires_at»',
        '«relations.attribute.created_at»',
      ]);
    }
    const row = {
      id: 'ada',
      name: 'Ada',
      membership: { note: 'founder', expiresAt: null, createdAt: Date.UTC(2020, 4, 1, 12) },
    };
    expect(cell(members, 0, row)).toBe('founder');
    expect(cell(members, 1, row)).toBe('-');
    expect(cell(members, 2, row)).toBe('May 1, 2020');
  });

  it('not for links that carry none to show (a role’s permissions)', () => {
    const scopes = requireResource('role').relations.find((r) => r.name === 'scopes') as LinkedRelation;
    expect(linkAttributeColumns(t, scopes)).toEqual([]);
  });
});
