import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { generate } from '../../codegen/generate.js';
import { fieldPaths, validValue } from '../api/fuzz/cases.js';
import { generateShapes, type ShapeRoot, shapeRoot } from '../shapes/polymorphic/root.js';

const roots: ShapeRoot[] = [];
const newRoot = () => {
  const root = shapeRoot();
  roots.push(root);
  return root;
};
afterEach(() => {
  for (const root of roots.splice(0)) root.remove();
});

const schemaFile = 'src/entities/ssoConnector/schema.json';
const textsFile = 'src/console/locales/en/sso.json';
// biome-ignore lint/suspicious/noExplicitAny: edits reach into arbitrary JSON
const readJson = (root: ShapeRoot, path: string): any => JSON.parse(readFileSync(join(root.root, path), 'utf8'));
const withConfig = (root: ShapeRoot, config: Record<string, unknown>) => {
  const schema = readJson(root, schemaFile);
  schema.properties.config = config;
  root.write(schemaFile, schema);
};
const refusal = async (root: ShapeRoot) => {
  try {
    await generate({ root: root.root });
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('codegen accepted the schemas');
};

describe('polymorphic fields', () => {
  it('are discovered from a folder of branch files, stored as jsonb and keyed by the discriminator', async () => {
    const { models, result } = await generateShapes(newRoot().root);
    const [model] = models;
    expect(model?.columns.find((column) => column.property === 'config')).toMatchObject({ sqlType: 'jsonb' });
    expect(model?.discriminated?.config?.propertyName).toBe('providerName');
    expect(Object.keys(model?.discriminated?.config?.branches ?? {})).toEqual(['OIDC', 'Okta', 'SAML']);
    // The create body and the console's create form carry the whole choice.
    const config = model?.requestBodies.create?.schema.properties?.config;
    expect(config?.discriminator).toEqual({ propertyName: 'providerName' });
    expect(config?.oneOf?.map((branch) => branch.title)).toEqual(['OpenID Connect', 'Okta', 'SAML']);
    expect(model?.create?.form.schema.properties?.config).toEqual(config);
    expect(result.files.get(result.newMigration ?? '')).toContain('"config" jsonb NOT NULL');
  });

  it('gain a branch when a file is added', async () => {
    const root = newRoot();
    root.write('src/entities/ssoConnector/providers/azure-ad.schema.json', {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      title: 'Microsoft Entra ID',
      type: 'object',
      additionalProperties: false,
      required: ['providerName', 'tenantDomain'],
      properties: {
        providerName: { type: 'string', const: 'Azure AD' },
        tenantDomain: { type: 'string', minLength: 1, maxLength: 253 },
      },
    });
    // The new branch's name and fields need their English texts, as any form field does.
    const message = await refusal(root);
    expect(message).toContain(
      'fields.ssoConnector.config.tenantDomain (label of field config.tenantDomain of branch Azure AD of form field ssoConnector.config)',
    );
    expect(message).toContain('sso.providerName.Azure AD (name of branch Azure AD of form field ssoConnector.config)');
    const texts = readJson(root, textsFile);
    texts.sso.providerName['Azure AD'] = 'Microsoft Entra ID';
    texts.fields.ssoConnector['config.tenantDomain'] = 'Tenant domain';
    root.write(textsFile, texts);
    const { models, openapi, validators } = await generateShapes(root.root);
    const branches = models[0]?.discriminated?.config?.branches ?? {};
    expect(Object.keys(branches)).toEqual(['Azure AD', 'OIDC', 'Okta', 'SAML']);
    expect(validators[branches['Azure AD']?.validatorKey ?? '']).toBeTypeOf('function');
    expect(openapi.components.schemas.SsoConnectorConfigAzureAd.properties.tenantDomain).toBeDefined();
  });

  it('need English texts for the branch choice, each branch’s name and each branch field', async () => {
    const { result } = await generateShapes(newRoot().root);
    const keys = JSON.parse(result.files.get('src/generated/i18n-keys.json') ?? '{}');
    expect(keys.required).toMatchObject({
      'fields.ssoConnector.config.providerName': 'label of the branch choice of form field ssoConnector.config',
      'sso.providerName.Okta': 'name of branch Okta of form field ssoConnector.config',
      'fields.ssoConnector.config.domain':
        'label of field config.domain of branch Okta of form field ssoConnector.config',
      'fields.ssoConnector.config.signRequests':
        'label of field config.signRequests of branch SAML of form field ssoConnector.config',
    });
    expect(keys.optional).toContain('fields.ssoConnector.config.domain_description');

    const root = newRoot();
    const texts = readJson(root, textsFile);
    delete texts.fields.ssoConnector['config.domain'];
    texts.sso.providerName.Retired = 'Retired provider';
    root.write(textsFile, texts);
    const message = await refusal(root);
    expect(message).toContain(
      `${textsFile}: fields.ssoConnector.config.domain (label of field config.domain of branch Okta of form field ssoConnector.config)`,
    );
    expect(message).toMatch(
      /English texts nothing uses \(remove them\):\n {2}\S+sso\.json: sso\.providerName\.Retired/,
    );
  });

  it('may list the branch files as oneOf references instead', async () => {
    const root = newRoot();
    withConfig(root, {
      discriminator: { propertyName: 'providerName' },
      oneOf: [{ $ref: 'providers/saml.schema.json' }, { $ref: 'providers/oidc.schema.json' }],
    });
    // Okta is left out, and so are its texts.
    const texts = readJson(root, textsFile);
    delete texts.sso.providerName.Okta;
    delete texts.fields.ssoConnector['config.domain'];
    root.write(textsFile, texts);
    const { models } = await generateShapes(root.root);
    expect(Object.keys(models[0]?.discriminated?.config?.branches ?? {})).toEqual(['SAML', 'OIDC']);
  });

  it('compile one validator per branch, beside the body validators', async () => {
    const { models, validators } = await generateShapes(newRoot().root);
    const branches = Object.values(models[0]?.discriminated?.config?.branches ?? {});
    const keys = branches.map((branch) => branch.validatorKey);
    expect(new Set(keys).size).toBe(3);
    for (const branch of branches) {
      const validate = validators[branch.validatorKey];
      expect(validate, branch.schema.title).toBeTypeOf('function');
      expect(validate?.({ providerName: branch.schema.properties?.providerName?.const })).toBe(false);
    }
    expect(validators[models[0]?.requestBodies.create?.validatorKey ?? '']).toBeTypeOf('function');
  });

  it('appear in OpenAPI as oneOf of branch components with a discriminator mapping', async () => {
    const { openapi, result } = await generateShapes(newRoot().root);
    const { schemas } = openapi.components;
    const mapping = {
      OIDC: '#/components/schemas/SsoConnectorConfigOidc',
      Okta: '#/components/schemas/SsoConnectorConfigOkta',
      SAML: '#/components/schemas/SsoConnectorConfigSaml',
    };
    for (const name of ['SsoConnector', 'SsoConnectorCreate', 'SsoConnectorUpdate']) {
      expect(schemas[name].properties.config, name).toMatchObject({
        type: 'object',
        oneOf: Object.values(mapping).map(($ref) => ({ $ref })),
        discriminator: { propertyName: 'providerName', mapping },
      });
    }
    expect(schemas.SsoConnectorConfigOidc).toMatchObject({
      title: 'OpenID Connect',
      required: ['providerName', 'issuer', 'clientId', 'clientSecret'],
      properties: { providerName: { const: 'OIDC' } },
    });
    expect(result.files.get('src/generated/api.d.ts')).toContain(
      'config: components["schemas"]["SsoConnectorConfigOidc"] | components["schemas"]["SsoConnectorConfigOkta"] | components["schemas"]["SsoConnectorConfigSaml"];',
    );
    // The fuzz generators give a polymorphic field its first branch, and reach into it.
    const body = validValue(schemas.SsoConnectorCreate, 'value', openapi);
    expect(body.config).toMatchObject({ providerName: 'OIDC', issuer: expect.stringMatching(/^https:\/\//) });
    expect(fieldPaths(schemas.SsoConnectorCreate, [], openapi)).toContainEqual(['config', 'clientSecret']);
  });

  it('accept cross-field rules that name a branch field', async () => {
    const root = newRoot();
    const schema = readJson(root, schemaFile);
    schema.allOf = [
      {
        description: 'A SAML connector is named after SAML.',
        if: { properties: { config: { properties: { providerName: { const: 'SAML' } } } } },
        // biome-ignore lint/suspicious/noThenProperty: a JSON Schema conditional, not a promise
        then: { properties: { connectorName: { pattern: 'SAML' } } },
      },
    ];
    root.write(schemaFile, schema);
    const { models } = await generateShapes(root.root);
    expect(models[0]?.recordRules?.schema.allOf?.[0]?.if?.properties?.config?.type).toBe('object');

    schema.allOf[0].if.properties.config.properties = { protocol: { const: 'SAML' } };
    root.write(schemaFile, schema);
    expect(await refusal(root)).toContain('unknown field "protocol"');
  });
});

describe('codegen refuses', () => {
  it('a oneOf without a discriminator, saying what to write', async () => {
    const root = newRoot();
    withConfig(root, { oneOf: [{ $ref: 'providers/saml.schema.json' }] });
    expect(await refusal(root)).toMatch(
      /src\/entities\/ssoConnector\/schema\.json#\/properties\/config: oneOf needs a discriminator\. Write "discriminator": \{ "propertyName": "<name>" \}/,
    );
  });

  it('a oneOf below the top level', async () => {
    const root = newRoot();
    const branch = readJson(root, 'src/entities/ssoConnector/providers/saml.schema.json');
    branch.properties.signing = {
      discriminator: { propertyName: 'kind' },
      oneOf: [{ type: 'object', properties: { kind: { const: 'x' } } }],
    };
    root.write('src/entities/ssoConnector/providers/saml.schema.json', branch);
    expect(await refusal(root)).toContain('only a top-level field may be polymorphic');

    branch.properties.signing = { type: 'object', properties: { key: { 'x-branches': 'providers' } } };
    root.write('src/entities/ssoConnector/providers/saml.schema.json', branch);
    expect(await refusal(root)).toMatch(
      /properties\/signing\/properties\/key: only a top-level field may be polymorphic/,
    );
  });

  it('a branch that does not fix the discriminator with a const', async () => {
    const root = newRoot();
    const branch = readJson(root, 'src/entities/ssoConnector/providers/okta.schema.json');
    branch.properties.providerName = { type: 'string' };
    root.write('src/entities/ssoConnector/providers/okta.schema.json', branch);
    expect(await refusal(root)).toContain('a branch fixes "providerName" with a string "const"');
  });

  it('two branches with one value', async () => {
    const root = newRoot();
    const branch = readJson(root, 'src/entities/ssoConnector/providers/okta.schema.json');
    branch.properties.providerName.const = 'OIDC';
    root.write('src/entities/ssoConnector/providers/okta.schema.json', branch);
    expect(await refusal(root)).toMatch(/"providerName" OIDC is also branch 0/);
  });

  it('a discriminator mapping, and fields beside the branches', async () => {
    const root = newRoot();
    withConfig(root, {
      discriminator: { propertyName: 'providerName', mapping: { SAML: 'saml' } },
      'x-branches': 'providers',
    });
    expect(await refusal(root)).toContain('write { "propertyName": "<name>" } only');
    withConfig(root, {
      discriminator: { propertyName: 'providerName' },
      'x-branches': 'providers',
      properties: { providerName: { type: 'string' } },
    });
    expect(await refusal(root)).toContain('"properties" belongs in a branch');
  });

  it('a polymorphic field as a list search field, filter, unique rule or index', async () => {
    const root = newRoot();
    const file = 'src/entities/ssoConnector/resource.json';
    const descriptor = readJson(root, file);
    descriptor.api.operations.list.search = ['connectorName', 'config'];
    root.write(file, descriptor);
    expect(await refusal(root)).toContain('api.operations.list names the polymorphic field config');
  });

  it('an unknown keyword inside a branch file', async () => {
    const root = newRoot();
    const branch = readJson(root, 'src/entities/ssoConnector/providers/saml.schema.json');
    branch.properties.entityId.minLenght = 1;
    root.write('src/entities/ssoConnector/providers/saml.schema.json', branch);
    expect(await refusal(root)).toContain('unknown keyword "minLenght"');
  });
});
