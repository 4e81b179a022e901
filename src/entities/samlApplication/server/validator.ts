import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as saml from 'samlify';
import { validateXML, type XMLFileInfo } from 'xmllint-wasm';

/** The SAML 2.0 protocol schema and what it imports, as packaged for samlify's validators. */
const SCHEMA_FILES = [
  'saml-schema-protocol-2.0.xsd',
  'datatypes.dtd',
  'saml-schema-assertion-2.0.xsd',
  'xmldsig-core-schema.xsd',
  'XMLSchema.dtd',
  'xenc-schema.xsd',
];
let schemas: XMLFileInfo[] | undefined;
const schemaFiles = () => {
  const dir = () => join(dirname(createRequire(import.meta.url).resolve('@authenio/samlify-xmllint-wasm')), 'schemas');
  schemas ??= SCHEMA_FILES.map((fileName) => ({ fileName, contents: readFileSync(join(dir(), fileName), 'utf8') }));
  return schemas;
};

/**
 * Every SAML message samlify reads is checked against the SAML 2.0 schema first (xmllint compiled to WebAssembly): a
 * message that does not follow it is refused before anything in it is used.
 */
saml.setSchemaValidator({
  validate: async (xml: string) => {
    const [schema, ...preload] = schemaFiles();
    const result = await validateXML({
      xml: [{ fileName: 'message.xml', contents: xml }],
      extension: 'schema',
      schema: [schema?.contents ?? ''],
      preload,
    });
    if (result.valid) return 'valid';
    throw new Error(result.errors.map((error) => error.message).join('; '));
  },
});

export { saml };
