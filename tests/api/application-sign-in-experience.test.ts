/**
 * An application's own sign-in experience (`/api/applications/{applicationId}/sign-in-experience`) through a client
 * typed by Logto's Management API, and its branding and colors on the sign-in pages of that (first-party) application.
 */
import { describe, expect, it } from 'vitest';
import { databases, unique } from './harness.js';
import { useSignInPages } from './sign-in-pages-steps.js';
import { usersClient } from './user-sign-in.js';

describe.each(databases())("an application's sign-in experience on $name", (target) => {
  const pages = useSignInPages(target);
  const client = () => usersClient(pages.origin());
  const at = (applicationId: string) => ({ params: { path: { applicationId } } });

  it('GetApplicationSignInExperience and ReplaceApplicationSignInExperience', async () => {
    const made = await client().POST('/api/applications', {
      body: { name: unique('Shop '), type: 'MachineToMachine' },
    });
    const id = made.data?.id ?? '';
    const none = await client().GET('/api/applications/{applicationId}/sign-in-experience', at(id));
    expect(none.response.status).toBe(404);
    expect(none.error).toMatchObject({ code: 'entity.not_exists_with_id' });

    const first = await client().PUT('/api/applications/{applicationId}/sign-in-experience', {
      ...at(id),
      body: {
        color: { primaryColor: '#0E7C66' },
        branding: { logoUrl: 'https://shop.example.com/logo.png' },
        displayName: 'The Shop',
        termsOfUseUrl: 'https://shop.example.com/terms',
        privacyPolicyUrl: null,
      },
    });
    expect(first.response.status, JSON.stringify(first.error)).toBe(201);
    expect(first.data).toMatchObject({
      tenantId: 'default',
      applicationId: id,
      color: { primaryColor: '#0E7C66' },
      displayName: 'The Shop',
      privacyPolicyUrl: null,
    });
    // What a later PUT leaves out stays.
    const second = await client().PUT('/api/applications/{applicationId}/sign-in-experience', {
      ...at(id),
      body: { termsOfUseUrl: '', privacyPolicyUrl: 'https://shop.example.com/privacy' },
    });
    expect(second.response.status).toBe(200);
    expect(second.data).toMatchObject({
      color: { primaryColor: '#0E7C66' },
      branding: { logoUrl: 'https://shop.example.com/logo.png' },
      termsOfUseUrl: '',
      privacyPolicyUrl: 'https://shop.example.com/privacy',
    });
    expect((await client().GET('/api/applications/{applicationId}/sign-in-experience', at(id))).data).toEqual(
      second.data,
    );

    const bad = await client().PUT('/api/applications/{applicationId}/sign-in-experience', {
      ...at(id),
      body: { color: { primaryColor: 'green' }, termsOfUseUrl: null, privacyPolicyUrl: null },
    });
    expect(bad.response.status).toBe(400);
    const missing = await client().PUT('/api/applications/{applicationId}/sign-in-experience', {
      ...at('nope'),
      body: { termsOfUseUrl: null, privacyPolicyUrl: null },
    });
    expect(missing.response.status).toBe(404);
  });

  it("shows a first-party application's colors and logo on its sign-in page, over the tenant's", async () => {
    await pages.openAt('');
    const listed = await client().GET('/api/applications', { params: { query: { page_size: 100 } } });
    const appId = listed.data?.find(({ name }) => name === 'Partner portal')?.id ?? '';
    const before = await pages.open('');
    expect(before.page.text).not.toContain('#0E7C66');
    await client().PUT('/api/applications/{applicationId}/sign-in-experience', {
      ...at(appId),
      body: {
        color: { primaryColor: '#0E7C66' },
        branding: { logoUrl: 'https://portal.example.com/logo.svg' },
        termsOfUseUrl: null,
        privacyPolicyUrl: null,
      },
    });
    const after = await pages.open('');
    expect(after.page.text).toContain('--primary:#0E7C66');
    expect(after.page.text).toContain('https://portal.example.com/logo.svg');
  });
});
