// @vitest-environment jsdom

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CasePage } from '../../../src/console/features/qa/CasePage';
import { compareCase, errorPointer, fieldId } from '../../../src/console/features/qa/compare';
import { Gallery } from '../../../src/console/features/qa/Gallery';
import { qaPaths } from '../../../src/console/features/qa/links';
import { i18n } from '../../../src/console/i18n';
import { createDataProvider } from '../../../src/console/providers/data-provider';
import { findResource } from '../../../src/console/registry';
import { addValidators } from '../../../src/console/rjsf/validator-table';
import { validators } from '../../../src/generated/validators.js';
import { qaForm, qaForms } from '../../../src/shared/qa/forms';
import { type CompiledShapes, compileShapes } from '../../shapes/compile';
import shapeTexts from '../../shapes/locales/en/shapes.json';
import { renderAsCaller } from './console-harness';
import { stubMatchMedia } from './match-media';

// The test shapes' forms are compiled into a temporary root; the console finds their validators next to the project's.
vi.mock('../../../src/generated/validators.js', async (importOriginal) => {
  const original = await importOriginal<{ validators: Record<string, unknown> }>();
  return { validators: { ...original.validators } };
});

const shapeEntities = join(import.meta.dirname, '../../shapes/entities');
let compiled: CompiledShapes;

/**
 * `/api/qa/*` as a server with the project's and the shapes' entities answers it, from the same form list and
 * fixture loader the QA service uses.
 */
interface Fixture {
  name: string;
  body: unknown;
  expect?: { path: string; keyword: string };
  generated: boolean;
  file: string;
}

/** The fixture files of a form, as the QA service reads them (this environment cannot load its loader). */
const formFixtures = (entity: string, form: string, dirs: string[]): { valid: Fixture[]; invalid: Fixture[] } => {
  const dir = dirs.map((root) => join(root, entity, 'fixtures', form)).find((candidate) => existsSync(candidate));
  const read = (set: string): Fixture[] => {
    const folder = dir ? join(dir, set) : '';
    if (!dir || !existsSync(folder)) return [];
    return readdirSync(folder)
      .filter((file) => file.endsWith('.json'))
      .sort()
      .map((file) => {
        const parsed = JSON.parse(readFileSync(join(folder, file), 'utf8')) as Omit<Fixture, 'name' | 'file'>;
        return { ...parsed, name: file.replace(/\.json$/, ''), generated: parsed.generated === true, file };
      });
  };
  return { valid: read('valid'), invalid: read('invalid') };
};
const qaApi =
  (edit: (fixture: Fixture) => Fixture = (fixture) => fixture) =>
  async (url: string) => {
    const path = new URL(url, 'http://console.test').pathname;
    const dirs = [shapeEntities, join(import.meta.dirname, '../../../src/entities')];
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    if (path === '/api/qa/forms') {
      return json(
        qaForms(compiled.models).map(({ entity, form, kind }) => {
          const { valid, invalid } = formFixtures(entity, form, dirs);
          return { entity, form, kind, valid: valid.length, invalid: invalid.length };
        }),
      );
    }
    const [, , , entity = '', form = ''] = path.split('/').slice(1);
    const found = qaForm(compiled.models, entity, form);
    if (!found) return json({ code: 'entity.not_found' }, 404);
    const { valid, invalid } = formFixtures(entity, form, dirs);
    return json({
      entity,
      form,
      kind: found.kind,
      schema: found.schema,
      fixtures: [
        ...valid.map((f) => ({ ...edit(f), valid: true })),
        ...invalid.map((f) => ({ ...edit(f), valid: false })),
      ],
    });
  };

const renderGallery = (path: string, api = qaApi()) =>
  renderAsCaller({
    scopes: ['qa:read'],
    path,
    routes: [
      { path: `/${qaPaths.forms}`, element: <Gallery /> },
      { path: `/${qaPaths.form}`, element: <Gallery /> },
      { path: `/${qaPaths.fixture}`, element: <CasePage /> },
    ],
    dataProvider: createDataProvider({ apiPaths: {}, baseUrl: '/api', fetch: api }),
  });

beforeAll(async () => {
  stubMatchMedia();
  compiled = await compileShapes();
  Object.assign(validators, compiled.validators);
  addValidators(compiled.validators);
  i18n.addResourceBundle('en', 'translation', shapeTexts, true, true);
}, 60_000);
afterAll(() => compiled?.dispose());
afterEach(cleanup);

describe('comparing what a form says with what a fixture expects', () => {
  it('reads the JSON pointer of an error as the fixtures write it', () => {
    expect(errorPointer({ name: 'maxLength', property: '.config.url' })).toBe('/config/url');
    expect(errorPointer({ name: 'required', property: 'name' })).toBe('/name');
    expect(errorPointer({ name: 'additionalProperties', property: '', params: { additionalProperty: 'x' } })).toBe(
      '/x',
    );
    expect(fieldId('hook-create', '/config/url')).toBe('hook-create_config_url');
  });

  it('passes a valid fixture only without errors and an invalid one only with its error', () => {
    const tooLong = { name: 'maxLength', property: '.name', message: 'Too long' };
    expect(compareCase([], undefined).pass).toBe(true);
    expect(compareCase([tooLong], undefined).pass).toBe(false);
    expect(compareCase([tooLong], { path: '/name', keyword: 'maxLength' }).matched).toBe(tooLong);
    expect(compareCase([tooLong], { path: '/name', keyword: 'minLength' }).pass).toBe(false);
    expect(compareCase([tooLong], { path: '/other', keyword: 'maxLength' }).pass).toBe(false);
    // A missing object is filled in by the form, which then misses its required members.
    const url = { name: 'required', property: '.config.url' };
    expect(compareCase([url], { path: '/config', keyword: 'required' }).pass).toBe(true);
  });
});

describe('the QA form gallery', () => {
  it('lists every form the QA service lists, an entity this console was not built with included', async () => {
    expect(findResource('locker')).toBeUndefined();
    renderGallery('/qa/forms');
    const locker = await screen.findByRole('region', { name: 'locker' }, { timeout: 8000 });
    expect(locker.textContent).toContain('Create');
    expect(screen.getByRole('region', { name: 'role' }).textContent).toContain('Settings tab: general');
  });

  it("renders each fixture of a test-only entity's create form, every case matching its expectation", async () => {
    const fixtures = formFixtures('locker', 'create', [shapeEntities]);
    expect(fixtures.valid.length + fixtures.invalid.length).toBeGreaterThan(3);
    renderGallery('/qa/forms/locker/create');
    await waitFor(
      () => {
        const cards = [...document.querySelectorAll('[data-qa-case]')];
        expect(cards).toHaveLength(fixtures.valid.length + fixtures.invalid.length);
        const results = cards.map(
          (card) => `${card.getAttribute('data-qa-case')} ${card.getAttribute('data-qa-result')}`,
        );
        expect(results.filter((result) => !result.endsWith(' pass'))).toEqual([]);
      },
      { timeout: 10_000 },
    );
    // A case's link opens it alone, in the language and appearance it was seen in.
    const link = screen.getByRole('link', { name: `valid/${fixtures.valid[0]?.name}` });
    expect(link.getAttribute('href')).toBe(
      `/qa/forms/locker/create/valid/${fixtures.valid[0]?.name}?lng=en&theme=light`,
    );
  });

  it('opens one case alone and shows the expected message on the expected field', async () => {
    const invalid = formFixtures('locker', 'create', [shapeEntities]).invalid.find((f) => f.expect?.path !== '');
    renderGallery(`/qa/forms/locker/create/invalid/${invalid?.name}?lng=en&theme=dark`);
    const card = await screen.findByRole('region', { name: `invalid/${invalid?.name}` }, { timeout: 8000 });
    await waitFor(() => expect(card.getAttribute('data-qa-result')).toBe('pass'));
    const message = card.getAttribute('data-qa-message');
    expect(message).toBeTruthy();
    expect(card.querySelector(`#${card.getAttribute('data-qa-field')}__error`)?.textContent).toBe(message);
  });

  it('marks a mismatch when a fixture expects what the form does not say', async () => {
    const [first] = formFixtures('locker', 'create', [shapeEntities]).invalid;
    const wrong = (fixture: Fixture) =>
      fixture.name === first?.name ? { ...fixture, expect: { path: '/nowhere', keyword: 'maxLength' } } : fixture;
    renderGallery('/qa/forms/locker/create', qaApi(wrong));
    const card = await screen.findByRole('region', { name: `invalid/${first?.name}` }, { timeout: 8000 });
    await waitFor(() => expect(card.getAttribute('data-qa-result')).toBe('fail'));
    expect(card.textContent).toContain('Mismatch');
    expect(card.textContent).toContain('maxLength error at /nowhere');
  });
});
