import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createValidation, type Validators } from '../../src/server/crud/validate.js';
import { branchIssues, inputIssues } from '../../src/shared/branches.js';
import type { EntityModel } from '../../src/shared/descriptor.js';
import type { CompiledValidator } from '../../src/shared/record-rules.js';
import { invalidFixtures, validFixtures } from '../fixtures.js';
import { generateShapes, type ShapeRoot, shapeRoot } from '../shapes/polymorphic/root.js';

const entities = join(import.meta.dirname, '../shapes/polymorphic/entities');
const valid = validFixtures('ssoConnector', entities);
const invalid = invalidFixtures('ssoConnector', entities);

let root: ShapeRoot;
let model: EntityModel;
let validators: Record<string, CompiledValidator>;

beforeAll(async () => {
  root = shapeRoot();
  const generated = await generateShapes(root.root);
  model = generated.models[0] as EntityModel;
  validators = generated.validators;
}, 60_000);
afterAll(() => root.remove());

/** The create body's compiled validator, as the server runs it: issues with JSON pointers. */
const createIssues = (body: unknown) => {
  const validate = validators[model.requestBodies.create?.validatorKey ?? ''];
  if (!validate) throw new Error('no create validator');
  return validate(body) ? [] : inputIssues(validate.errors);
};

describe('a polymorphic create body', () => {
  it('has a valid fixture per branch', () => {
    expect(valid.map((fixture) => fixture.body.config)).toEqual(
      expect.arrayContaining(['OIDC', 'Okta', 'SAML'].map((providerName) => expect.objectContaining({ providerName }))),
    );
  });

  it.each(valid.map((f) => [f.name, f] as const))('accepts %s', (_name, fixture) => {
    expect(createIssues(fixture.body)).toEqual([]);
  });

  it.each(invalid.map((f) => [f.name, f] as const))('rejects %s inside the chosen branch only', (_name, fixture) => {
    const issues = createIssues(fixture.body);
    expect(issues.map(({ path, keyword }) => ({ path, keyword }))).toEqual([fixture.expect]);
  });

  it('names the providers there are when the discriminator is unknown', () => {
    const body = { connectorName: 'Acme', config: { providerName: 'LDAP' } };
    expect(createIssues(body)).toEqual([
      {
        path: '/config/providerName',
        keyword: 'enum',
        message: 'must be one of: OIDC, Okta, SAML',
        params: { allowedValues: ['OIDC', 'Okta', 'SAML'] },
      },
    ]);
  });

  it('reports every issue of the chosen branch with its pointer', () => {
    const body = { connectorName: 'Acme', config: { providerName: 'OIDC', issuer: 'not a url', clientId: '' } };
    expect(createIssues(body).map(({ path, keyword }) => `${path} ${keyword}`)).toEqual(
      expect.arrayContaining([
        '/config/clientSecret required',
        '/config/issuer format',
        '/config/issuer pattern',
        '/config/clientId minLength',
      ]),
    );
    expect(createIssues(body).every((issue) => issue.path.startsWith('/config/'))).toBe(true);
  });
});

describe('a branch validator', () => {
  const field = () => {
    const config = model.discriminated?.config;
    if (!config) throw new Error('config is not polymorphic');
    return config;
  };

  it('checks a value against the branch its discriminator chooses', () => {
    for (const fixture of valid) expect(branchIssues('config', field(), fixture.body.config, validators)).toEqual([]);
    const saml = { providerName: 'SAML', metadataUrl: 'https://idp.acme.test/m', entityId: '', clientId: 'x' };
    const issues = branchIssues('config', field(), saml, validators).map(({ path, keyword }) => `${path} ${keyword}`);
    expect(issues.sort()).toEqual(['/config/clientId additionalProperties', '/config/entityId minLength']);
  });

  it('refuses an unknown or missing discriminator, naming the values', () => {
    expect(branchIssues('config', field(), { providerName: 'LDAP' }, validators)).toEqual([
      expect.objectContaining({
        path: '/config/providerName',
        keyword: 'enum',
        message: 'must be one of: OIDC, Okta, SAML',
      }),
    ]);
    expect(branchIssues('config', field(), {}, validators)).toEqual([
      expect.objectContaining({ path: '/config/providerName', keyword: 'required' }),
    ]);
    expect(branchIssues('config', field(), 'OIDC', validators)).toEqual([
      expect.objectContaining({ path: '/config', keyword: 'type' }),
    ]);
  });
});

describe('the server', () => {
  it('answers a body with a broken branch 400 guard.invalid_input, with pointers into the branch', async () => {
    // The server's validation, over the validators compiled for the test-only entity.
    const { assertValid } = createValidation(validators as unknown as Validators);
    const refusal = (body: unknown) => {
      try {
        assertValid(model.requestBodies.create?.validatorKey, body);
      } catch (error) {
        return error as { status: number; code: string; data: { issues: { path: string; message: string }[] } };
      }
      throw new Error('the body was accepted');
    };
    expect(() => assertValid(model.requestBodies.update?.validatorKey, valid[0]?.body)).not.toThrow();
    const broken = refusal({ connectorName: 'Acme', config: { providerName: 'SAML', metadataUrl: 'ftp://x' } });
    expect(broken).toMatchObject({ status: 400, code: 'guard.invalid_input' });
    expect(broken.data.issues.map((issue) => issue.path).sort()).toEqual(['/config/entityId', '/config/metadataUrl']);
    const unknown = refusal({ connectorName: 'Acme', config: { providerName: 'LDAP' } });
    expect(unknown.data.issues).toEqual([
      expect.objectContaining({ path: '/config/providerName', message: 'must be one of: OIDC, Okta, SAML' }),
    ]);
  });
});
