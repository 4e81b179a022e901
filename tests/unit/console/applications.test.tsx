// @vitest-environment jsdom

import { cleanup, render, screen, within } from '@testing-library/react';
import { matchRoutes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CodegenError, type LoadedEntity, loadEntities } from '../../../codegen/load';
import { buildModels } from '../../../codegen/model';
import { sidebarSectionsFor } from '../../../src/console/feature-modules/navigation';
import { sidebarEntries } from '../../../src/console/feature-modules/registry';
import { i18n } from '../../../src/console/i18n';
import { enumDescription } from '../../../src/console/i18n/labels';
import { isShownFor, requireResource, sidebarGroups } from '../../../src/console/registry';
import type { Translate } from '../../../src/console/rjsf/error-messages';
import { SchemaForm } from '../../../src/console/rjsf/SchemaForm';
import { mapServerError } from '../../../src/console/rjsf/server-errors';
import { routes } from '../../../src/console/routes';
import { EndpointsCard } from '../../../src/entities/application/console/EndpointsCard';
import { isExpired, typesWithSecrets } from '../../../src/entities/application/console/SecretsCard';
import type { DetailTab } from '../../../src/shared/descriptor';
import { stubMatchMedia } from './match-media';

const application = requireResource('application');
const secret = requireResource('applicationSecret');
const tab = (key: string) => application.detail?.tabs.find((item) => item.key === key) as DetailTab;
const settings = tab('settings') as Extract<DetailTab, { kind: 'form' }>;
const translate: Translate = (key, params, defaultValue) => String(i18n.t(key, { ...params, defaultValue }));
// The repository root: vitest runs from it (jsdom gives modules no file: URL to start from).
const root = process.cwd();

describe('applications in the registry', () => {
  it('are the first item of the authentication group', () => {
    const sections = sidebarSectionsFor(sidebarGroups, sidebarEntries, () => true);
    const authentication = sections.find((section) => section.group === 'authentication');
    expect(authentication?.items.map((item) => item.route)[0]).toBe('applications');
  });

  it('show the roles tab and its assign dialog only for machine-to-machine apps, with their roles', () => {
    const roles = tab('roles');
    expect(roles).toMatchObject({ kind: 'relation', relation: 'roles', assignFilters: { type: 'MachineToMachine' } });
    expect(isShownFor({ type: 'MachineToMachine' }, roles.when)).toBe(true);
    for (const type of ['SPA', 'Traditional', 'Native']) expect(isShownFor({ type }, roles.when)).toBe(false);
    expect(isShownFor({ type: 'SPA' }, settings.when)).toBe(true);
  });

  it('leave URIs and token settings out of a machine-to-machine app’s settings, and show a protected app’s own', () => {
    const shown = (type: string) =>
      settings.sections.filter((section) => isShownFor({ type }, section.when)).map((section) => section.titleKey);
    expect(shown('SPA')).toEqual([
      'applications.section.general',
      'applications.section.uris',
      'applications.section.advanced',
    ]);
    expect(shown('MachineToMachine')).toEqual(['applications.section.general']);
    expect(shown('Protected')).toEqual(['applications.section.general', 'applications.section.protected']);
    expect(settings.cards).toEqual([
      'application.card.endpoints',
      'application.card.secrets',
      'application.card.custom-domain',
    ]);
  });

  it('keep secrets below their application, named in the URL by their name', () => {
    expect(secret).toMatchObject({ apiPath: '/applications/{id}/secrets', idField: 'name', parent: { param: 'id' } });
    expect(Object.keys(secret.create?.form.schema.properties ?? {})).toEqual(['name', 'expiresAt']);
    expect(secret.errorFields).toEqual({ 'application.secret_name_exists': 'name' });
    expect(typesWithSecrets).toEqual(['MachineToMachine', 'Traditional']);
  });

  it('route the detail tabs', () => {
    expect(matchRoutes(routes, '/applications/app1/roles')?.at(-1)?.params).toMatchObject({ id: 'app1', tab: 'roles' });
    expect(matchRoutes(routes, '/applications/create')?.at(-1)?.route.path).toBe('create');
  });
});

describe('secret helpers', () => {
  it('call a secret expired once its time has passed, never when it has none', () => {
    expect(isExpired(null)).toBe(false);
    expect(isExpired(1_000, 2_000)).toBe(true);
    expect(isExpired(3_000, 2_000)).toBe(false);
  });

  it('put the server’s refusal of a past expiry on the expiry field', () => {
    const result = mapServerError(
      {
        statusCode: 400,
        code: 'request.invalid_input',
        message: 'Input is invalid. The value of `expiresAt` must be in the future.',
        data: { issues: [{ path: '/expiresAt', keyword: 'future', message: 'must be in the future', params: {} }] },
      },
      { errorFields: secret.errorFields, fields: ['name', 'expiresAt'], translate },
    );
    expect(result).toEqual({ errorSchema: { expiresAt: { __errors: ['Choose a date in the future'] } }, unmapped: [] });
  });

  it('name the role-assignment refusals in English', () => {
    expect(i18n.t('errors.application.invalid_type')).toBe('Only machine-to-machine applications can have roles.');
    expect(i18n.t('errors.application.invalid_role_type')).toContain('machine-to-machine roles');
    expect(i18n.t(['relations.assigned.role', 'relations.assigned.default'], { count: 2, name: 'Job' })).toBe(
      'Assigned 2 roles to “Job”',
    );
    expect(i18n.t(['relations.assigned.widget', 'relations.assigned.default'], { count: 1, name: 'Job' })).toBe(
      'Assigned 1 item to “Job”',
    );
  });
});

describe('application forms', () => {
  beforeAll(stubMatchMedia);
  afterEach(cleanup);

  it('offer the types as cards with a short explanation, in the descriptor’s order', () => {
    if (!application.create) throw new Error('application has no create form');
    render(
      <SchemaForm
        resource={application}
        form={application.create.form}
        idPrefix="application-create"
        formData={{ name: 'Shop' }}
        onChange={() => {}}
        onSubmit={() => {}}
      />,
    );
    const radios = screen.getAllByRole('radio');
    expect(radios.map((radio) => radio.closest('label')?.querySelector('.gh-choice-card-title')?.textContent)).toEqual([
      'Single page app',
      'Machine-to-machine',
      'Traditional web',
      'Native',
      'Protected app',
    ]);
    const spa = screen.getByRole('radio', { name: /Single page app/ }).closest('label') as HTMLElement;
    expect(within(spa).getByText(/running in the browser/)).toBeTruthy();
    expect(enumDescription(i18n.t, 'applications', 'type', 'MachineToMachine')).toContain('without a user');
    expect(enumDescription(i18n.t, 'applications', 'type', 'Unknown')).toBeUndefined();
  });

  it('render only the sections that apply, passing the others’ values through', () => {
    // A machine-to-machine app: its name and description, none of the sign-in settings.
    const m2m = { type: 'MachineToMachine' };
    const omitted = settings.sections.filter((s) => !isShownFor(m2m, s.when)).flatMap((s) => s.fields);
    render(
      <SchemaForm
        resource={application}
        form={settings.form}
        idPrefix="application-settings"
        sections={settings.sections.filter((s) => isShownFor(m2m, s.when))}
        omitted={omitted}
        formData={{
          name: 'Job',
          description: null,
          oidcClientMetadata: { redirectUris: [], postLogoutRedirectUris: [] },
        }}
        onChange={() => {}}
        onSubmit={() => {}}
      />,
    );
    expect(screen.getByRole('textbox', { name: 'Application name' })).toBeTruthy();
    expect(screen.queryByText('Redirect URIs')).toBeNull();
    expect(screen.queryByText('CORS allowed origins')).toBeNull();
    expect(screen.getAllByRole('region').map((region) => region.getAttribute('aria-label'))).toEqual(['General']);
  });

  it("show a SAML application's identity provider URLs instead of OpenID Connect's", () => {
    const card = (type: string) =>
      render(<EndpointsCard resource={application} record={{ id: 'app1', type }} refetch={async () => undefined} />);
    const values = () => screen.getAllByRole('textbox').map((box) => (box as HTMLInputElement).value);
    const origin = window.location.origin;
    card('SAML');
    expect(values()).toEqual([
      'app1',
      `${origin}/api/saml-applications/app1/metadata`,
      `${origin}/saml/app1`,
      `${origin}/api/saml/app1/authn`,
    ]);
    expect(screen.getByText('Identity provider metadata URL')).toBeTruthy();
    cleanup();
    card('Traditional');
    expect(values()).toEqual(['app1', `${origin}/oidc/.well-known/openid-configuration`]);
  });
});

describe('descriptor conditions in codegen', () => {
  const withApplication = (change: (console: Record<string, unknown>) => void): LoadedEntity[] =>
    loadEntities(root).map((entity) => {
      if (entity.descriptor.name !== 'application') return entity;
      const copy = structuredClone(entity);
      change(copy.descriptor.console as unknown as Record<string, unknown>);
      return copy;
    });
  const tabsOf = (console: Record<string, unknown>) =>
    (console.detail as { tabs: Record<string, unknown>[] }).tabs as Record<string, unknown>[];

  it('accepts the committed descriptors', () => {
    expect(() => buildModels(loadEntities(root))).not.toThrow();
  });

  it('rejects a condition on an unknown field or value, and on the default tab', () => {
    const unknownValue = withApplication((c) => {
      (tabsOf(c)[1] as { when: unknown }).when = { field: 'type', in: ['Robot'] };
    });
    expect(() => buildModels(unknownValue)).toThrow(/"Robot" is not a value of type/);
    const unknownField = withApplication((c) => {
      (tabsOf(c)[1] as { when: unknown }).when = { field: 'kind', in: ['x'] };
    });
    expect(() => buildModels(unknownField)).toThrow(CodegenError);
    const onDefault = withApplication((c) => {
      (tabsOf(c)[0] as { when: unknown }).when = { field: 'type', in: ['SPA'] };
    });
    expect(() => buildModels(onDefault)).toThrow(/default tab settings cannot have a when/);
  });

  it('rejects assign filters that are not list filters of the target', () => {
    const rolesTab = (c: Record<string, unknown>) =>
      tabsOf(c).find((t) => t.key === 'roles') as Record<string, unknown>;
    const notAFilter = withApplication((c) => {
      rolesTab(c).assignFilters = { name: 'Robot' };
    });
    expect(() => buildModels(notAFilter)).toThrow(/"name" is not a list filter of role/);
    const badValue = withApplication((c) => {
      rolesTab(c).assignFilters = { type: 'Robot' };
    });
    expect(() => buildModels(badValue)).toThrow(/"Robot" is not a value of role.type/);
  });

  it("draws a SAML application's tabs from the SAML applications API, and refuses a record it cannot read or save", () => {
    const saml = tab('saml') as Extract<DetailTab, { kind: 'form' }>;
    expect(saml.record).toEqual({
      read: '/saml-applications/{id}',
      save: { method: 'PATCH', path: '/saml-applications/{id}' },
      create: { entity: 'samlApplication', form: 'action-create', path: '/saml-applications' },
    });
    expect(Object.keys(saml.form.schema.properties ?? {})).toEqual([
      'name',
      'description',
      'entityId',
      'acsUrl',
      'nameIdFormat',
      'encryption',
    ]);
    const samlTab = (c: Record<string, unknown>) => tabsOf(c).find((t) => t.key === 'saml') as Record<string, unknown>;
    const edits: [(record: Record<string, string>) => void, RegExp][] = [
      [(r) => (r.entity = 'nothing'), /record names unknown entity "nothing"/],
      [(r) => (r.read = 'update'), /record.read is not a GET item action/],
      [(r) => (r.save = 'delete'), /record.save is not a PATCH or PUT item action/],
      [(r) => (r.create = 'get'), /record.create is not a POST collection action/],
    ];
    for (const [edit, error] of edits) {
      const changed = withApplication((c) => edit(samlTab(c).record as Record<string, string>));
      expect(() => buildModels(changed)).toThrow(error);
    }
  });
});
