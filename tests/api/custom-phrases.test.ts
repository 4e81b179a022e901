/**
 * Logto's `/api/custom-phrases`: a tenant's own sign-in page texts per language, driven with the `@logto/api` types.
 */
import createClient, { type Client } from 'openapi-fetch';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { paths } from '../../node_modules/@logto/api/lib/generated-types/management.js';
import { databases, useApi } from './harness.js';

const german = { sign_in: { title: 'Anmelden', submit: 'Weiter' } };

describe.each(databases())('custom phrases on $name', (target) => {
  const api = useApi(target);
  let client: Client<paths>;
  const put = (languageTag: 'de' | 'eo-EO', body: Record<string, unknown>) =>
    client.PUT('/api/custom-phrases/{languageTag}', {
      params: { path: { languageTag: languageTag as 'de' } },
      body: body as never,
    });

  beforeAll(async () => {
    client = createClient<paths>({ baseUrl: await api.listen() });
  });
  beforeEach(async () => {
    await api.db.exec('DELETE FROM custom_phrases; DELETE FROM sign_in_experiences;');
  });

  it('replaces a language with PUT (201 each time), lists and reads it, without needing English', async () => {
    const first = await put('de', german);
    expect(first.response.status).toBe(201);
    expect(first.data).toMatchObject({ languageTag: 'de', translation: german });
    const replaced = await put('de', { sign_in: { title: 'Einloggen', password: '' } });
    expect(replaced.response.status).toBe(201);
    // A PUT replaces the whole language; empty texts are dropped.
    expect(replaced.data?.translation).toEqual({ sign_in: { title: 'Einloggen' } });
    expect(replaced.data?.id).toBe(first.data?.id);

    const list = await client.GET('/api/custom-phrases');
    expect(list.response.status).toBe(200);
    expect(list.data).toEqual([
      expect.objectContaining({ languageTag: 'de', translation: { sign_in: { title: 'Einloggen' } } }),
    ]);
    const one = await client.GET('/api/custom-phrases/{languageTag}', { params: { path: { languageTag: 'de' } } });
    expect(one.data).toEqual(list.data?.[0]);
    const missing = await api.get('/api/custom-phrases/fr');
    expect(missing.status).toBe(404);
  });

  it('refuses an unknown phrase key (422) and a value that is not a text (400), storing nothing', async () => {
    const unknown = await api.request('PUT', '/api/custom-phrases/de', { sign_in: { no_such_phrase: 'x' } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.code).toBe('localization.invalid_translation_structure');
    const nested = await api.request('PUT', '/api/custom-phrases/de', { sign_in: 'a text where a section is' });
    expect(nested.status).toBe(422);
    const number = await api.request('PUT', '/api/custom-phrases/de', { sign_in: { title: 5 } });
    expect(number.status).toBe(400);
    expect(number.body.code).toBe('guard.invalid_input');
    const badTag = await api.request('PUT', '/api/custom-phrases/not_a_tag!', german);
    expect(badTag.status).toBe(400);
    // A well-formed tag is not enough: it is one of the languages Logto knows (Esperanto is eo-EO there).
    for (const unknownTag of ['xx-YY', 'eo']) {
      const refused = await api.request('PUT', `/api/custom-phrases/${unknownTag}`, german);
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('guard.invalid_input');
    }
    expect(await api.count('custom_phrases')).toBe(0);
  });

  it('makes a custom language a possible fallback, and refuses deleting the fallback language (409)', async () => {
    const refused = await api.patch('/api/sign-in-exp', {
      languageInfo: { autoDetect: true, fallbackLanguage: 'eo-EO' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('sign_in_experiences.unsupported_default_language');
    await put('eo-EO', { sign_in: { title: 'Ensaluti' } });
    const accepted = await api.patch('/api/sign-in-exp', {
      languageInfo: { autoDetect: true, fallbackLanguage: 'eo-EO' },
    });
    expect(accepted.status).toBe(200);

    const fallback = await client.DELETE('/api/custom-phrases/{languageTag}', {
      params: { path: { languageTag: 'eo-EO' as 'de' } },
    });
    expect(fallback.response.status).toBe(409);
    expect(fallback.error).toMatchObject({ code: 'localization.cannot_delete_default_language' });
    expect(await api.count('custom_phrases')).toBe(1);

    await api.patch('/api/sign-in-exp', { languageInfo: { autoDetect: true, fallbackLanguage: 'en' } });
    const deleted = await client.DELETE('/api/custom-phrases/{languageTag}', {
      params: { path: { languageTag: 'eo-EO' as 'de' } },
    });
    expect(deleted.response.status).toBe(204);
    expect((await api.get('/api/custom-phrases/eo-EO')).status).toBe(404);
    expect((await api.delete('/api/custom-phrases/eo-EO')).status).toBe(404);
  });

  it('keeps each tenant its own phrases', async () => {
    await api.db.query(`INSERT INTO tenants (id, name) VALUES ('acme', 'Acme') ON CONFLICT DO NOTHING`);
    await put('de', german);
    expect((await api.get('/t/acme/api/custom-phrases')).body).toEqual([]);
  });
});
