/**
 * The free plan's other limits, as Logto's cloud enforces them: social connectors (email and SMS connectors are not
 * counted, two racing creates at the limit leave the limit), SAML applications, scopes per role (an assignment of
 * several scopes counts them all), and the plan's features (custom JWT, subject tokens, MFA, security features), each
 * refused with 403 `subscription.limit_exceeded` and nothing written; a development tenant has them all.
 */
import { describe, expect, it } from 'vitest';
import { usePlanServer } from './cloud-plans.js';
import { databases, unique } from './harness.js';

const social = (connectorId: string) => ({ connectorId, config: { clientId: `${connectorId}-id`, clientSecret: 's' } });
const smtp = {
  connectorId: 'simple-mail-transfer-protocol',
  config: {
    host: 'smtp.example.com',
    port: 587,
    auth: { user: 'u', pass: 'p' },
    fromEmail: 'noreply@example.com',
    templates: ['SignIn', 'Register', 'ForgotPassword', 'Generic'].map((usageType) => ({
      usageType,
      contentType: 'text/plain',
      subject: usageType,
      content: '{{code}}',
    })),
  },
};
const SCRIPT = 'const getCustomJwtClaims = async () => ({ plan: "free" });';
const samlApp = {
  name: 'Wiki',
  entityId: 'https://wiki.example.com',
  acsUrl: { binding: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST', url: 'https://wiki.example.com/acs' },
};

describe.each(databases())('cloud plan rules on $name', (target) => {
  const { cloudApi, tenantApi, createTenant, count } = usePlanServer(target);

  it('counts social connectors only, and lets one of two racing creates at the limit through', async () => {
    const tenant = await createTenant('production');
    const api = await tenantApi(tenant.id);
    for (const id of ['google-universal', 'github-universal']) {
      const made = await api.POST('/api/connectors', { body: social(id) as never });
      expect(made.response.status, JSON.stringify(made.error)).toBe(200);
    }
    expect((await api.POST('/api/connectors', { body: smtp as never })).response.status).toBe(200);
    const raced = await Promise.all(
      ['gitlab-universal', 'discord-universal'].map((id) => api.POST('/api/connectors', { body: social(id) as never })),
    );
    expect(raced.map((answer) => answer.response.status).sort()).toEqual([200, 403]);
    const refused = raced.find((answer) => answer.response.status === 403);
    expect(refused?.error).toMatchObject({
      code: 'subscription.limit_exceeded',
      data: { key: 'socialConnectorsLimit', limit: 3, usage: 3 },
    });
    expect(await count('connectors', tenant.id)).toBe(4);
    const usage = await cloudApi().GET('/api/tenants/{id}/subscription-usage', { params: { path: { id: tenant.id } } });
    expect(usage.data?.usage).toMatchObject({ socialConnectorsLimit: 3 });
  });

  it('refuses a SAML application on the free plan and writes nothing', async () => {
    const tenant = await createTenant('production');
    const api = await tenantApi(tenant.id);
    const made = await api.POST('/api/saml-applications', { body: samlApp as never });
    expect(made.response.status).toBe(403);
    expect(made.error).toMatchObject({ data: { key: 'samlApplicationsLimit', limit: 0, usage: 0 } });
    expect(await count('applications', tenant.id, "type = 'SAML'")).toBe(0);
    const development = await tenantApi((await createTenant('development')).id);
    const allowed = await development.POST('/api/saml-applications', { body: samlApp as never });
    expect(allowed.response.status, JSON.stringify(allowed.error)).toBe(201);
  });

  it('limits the scopes of a role, counting every scope an assignment adds', async () => {
    const tenant = await createTenant('production');
    const api = await tenantApi(tenant.id);
    const resource = await api.POST('/api/resources', {
      body: { name: 'Orders', indicator: `https://${unique('orders')}.test` } as never,
    });
    const resourceId = String(resource.data?.id);
    const scope = await api.POST('/api/resources/{resourceId}/scopes', {
      params: { path: { resourceId } },
      body: { name: 'read:orders' } as never,
    });
    expect(scope.response.status).toBe(201);
    const management = await api.GET('/api/resources/{resourceId}/scopes', {
      params: { path: { resourceId: 'management-api' } },
    });
    const managementScope = String(management.data?.[0]?.id);
    const role = await api.POST('/api/roles', { body: { name: 'clerk', description: 'Clerks' } as never });
    const path = { params: { path: { id: String(role.data?.id) } } };
    const both = await api.POST('/api/roles/{id}/scopes', {
      ...path,
      body: { scopeIds: [String(scope.data?.id), managementScope] },
    });
    expect(both.response.status).toBe(403);
    expect(both.error).toMatchObject({ data: { key: 'scopesPerRoleLimit', limit: 1, usage: 0 } });
    expect(await count('roles_scopes', tenant.id, `role_id = '${role.data?.id}'`)).toBe(0);
    const one = await api.POST('/api/roles/{id}/scopes', { ...path, body: { scopeIds: [String(scope.data?.id)] } });
    expect(one.response.status).toBe(201);
    const another = await api.POST('/api/roles/{id}/scopes', { ...path, body: { scopeIds: [managementScope] } });
    expect(another.error).toMatchObject({ data: { key: 'scopesPerRoleLimit', limit: 1, usage: 1 } });
    const usage = await cloudApi().GET('/api/tenants/{id}/subscription-usage', { params: { path: { id: tenant.id } } });
    expect(usage.data?.roles).toMatchObject({ [String(role.data?.id)]: 1 });
  });

  it("refuses the features the free plan lacks, and lets a development tenant's admin use them", async () => {
    const free = await tenantApi((await createTenant('production')).id);
    const dev = await tenantApi((await createTenant('development')).id);
    const jwtPath = { params: { path: { tokenTypePath: 'access-token' as const } }, body: { script: SCRIPT } };
    const features = [
      ['customJwtEnabled', (api: typeof free) => api.PUT('/api/configs/jwt-customizer/{tokenTypePath}', jwtPath)],
      [
        'mfaEnabled',
        (api: typeof free) =>
          api.PATCH('/api/sign-in-exp', { body: { mfa: { factors: ['Totp'], policy: 'UserControlled' } } as never }),
      ],
      [
        'securityFeaturesEnabled',
        (api: typeof free) =>
          api.PUT('/api/captcha-provider', { body: { config: { type: 'Turnstile', siteKey: 's', secretKey: 'k' } } }),
      ],
      [
        'securityFeaturesEnabled',
        (api: typeof free) =>
          api.PATCH('/api/sign-in-exp', { body: { emailBlocklistPolicy: { blockSubaddressing: true } } as never }),
      ],
    ] as const;
    for (const [key, write] of features) {
      const refused = await write(free);
      expect(refused.response.status, key).toBe(403);
      expect(refused.error, key).toMatchObject({ code: 'subscription.limit_exceeded', data: { key } });
      expect((await write(dev)).response.status, key).toBeLessThan(300);
    }
    const token = await free.POST('/api/subject-tokens', { body: { userId: 'anyone' } });
    expect(token.error).toMatchObject({ code: 'subscription.limit_exceeded', data: { key: 'subjectTokenEnabled' } });
    // Turning a feature off, or leaving it off, needs nothing.
    const off = await free.PATCH('/api/sign-in-exp', {
      body: { mfa: { factors: [], policy: 'UserControlled' } } as never,
    });
    expect(off.response.status).toBe(200);
    const settings = await free.GET('/api/sign-in-exp');
    expect(settings.data?.mfa.factors).toEqual([]);
    expect(settings.data?.emailBlocklistPolicy?.blockSubaddressing ?? false).toBe(false);
    expect((await free.GET('/api/captcha-provider')).response.status).toBe(404);
  });
});
