import { html, type SafeHtml } from '../interaction/html.js';
import { API_REFERENCE_PATH, docsPage, slugger, type TocEntry } from './layout.js';
import { fieldsOf, fieldsTable, type Schema, type Schemas, schemaAnchor, typeOf } from './schema-fields.js';

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
}

interface Content {
  content?: Record<string, { schema?: Schema }>;
}

interface Operation {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: Content & { required?: boolean };
  responses?: Record<string, Content & { description?: string; headers?: Record<string, { description?: string }> }>;
}

export interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Schemas };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

const jsonSchema = (content: Content | undefined) => content?.content?.['application/json']?.schema;

const parametersTable = (parameters: Parameter[]) =>
  html`<table class="fields">
<thead><tr><th scope="col">Parameter</th><th scope="col">In</th><th scope="col">Type</th><th scope="col">Description</th></tr></thead>
<tbody>
${parameters.map(
  (
    parameter,
  ) => html`<tr><td><code>${parameter.name}</code>${parameter.required ? html` <span class="required">required</span>` : ''}</td>
<td>${parameter.in}</td><td>${typeOf(parameter.schema)}</td><td>${parameter.description ?? ''}</td></tr>
`,
)}</tbody>
</table>`;

const requestBody = (body: Operation['requestBody'], schemas: Schemas): SafeHtml | string => {
  const schema = jsonSchema(body);
  if (!schema) return '';
  const fields = fieldsOf(schema, schemas);
  return html`<h4>Request body${body?.required ? '' : ' (optional)'}: ${typeOf(schema)}</h4>
${fields.length ? fieldsTable(fields) : ''}`;
};

const responsesTable = (responses: NonNullable<Operation['responses']>) =>
  html`<table class="responses">
<thead><tr><th scope="col">Status</th><th scope="col">Description</th><th scope="col">Body</th></tr></thead>
<tbody>
${Object.entries(responses).map(([status, response]) => {
  const schema = jsonSchema(response);
  const headers = Object.keys(response.headers ?? {});
  return html`<tr><td><code>${status}</code></td><td>${response.description ?? ''}${headers.length ? html`<span class="constraint">headers: ${headers.join(', ')}</span>` : ''}</td>
<td>${schema ? typeOf(schema) : ''}</td></tr>
`;
})}</tbody>
</table>`;

const operationSection = (method: string, path: string, operation: Operation, id: string, schemas: Schemas) =>
  html`<section class="operation" id="${id}">
<h3><span class="method method-${method}">${method.toUpperCase()}</span> <code>${path}</code></h3>
${operation.summary ? html`<p class="summary">${operation.summary}</p>` : ''}
${operation.description ? html`<p>${operation.description}</p>` : ''}
${operation.parameters?.length ? html`<h4>Parameters</h4>${parametersTable(operation.parameters)}` : ''}
${requestBody(operation.requestBody, schemas)}
${operation.responses ? html`<h4>Responses</h4>${responsesTable(operation.responses)}` : ''}
</section>
`;

/**
 * The management API's reference, generated from its OpenAPI document: operations grouped by tag, each with its
 * method, path, summary, parameters, request body fields and responses, then the named schemas they use.
 */
export const renderApiReference = (document: OpenApiDocument): string => {
  const schemas = document.components?.schemas ?? {};
  const slug = slugger();
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ path, method, operation: item[method] as Operation })),
  );
  const tagNames = [
    ...new Set([...(document.tags ?? []).map((tag) => tag.name), ...operations.flatMap((o) => o.operation.tags ?? [])]),
  ];
  const groups = [
    ...tagNames.map((name) => ({ name, operations: operations.filter((o) => o.operation.tags?.includes(name)) })),
    { name: 'Other', operations: operations.filter((o) => !o.operation.tags?.length) },
  ].filter((group) => group.operations.length > 0);

  const toc: TocEntry[] = groups.map((group) => ({
    id: slug(group.name),
    label: group.name,
    children: group.operations.map(({ path, method, operation }) => ({
      id: slug(operation.operationId ?? `${method} ${path}`),
      label: operation.summary ?? `${method.toUpperCase()} ${path}`,
    })),
  }));
  const schemasId = slug('Schemas');
  if (Object.keys(schemas).length) toc.push({ id: schemasId, label: 'Schemas' });

  const content = html`<h1>${document.info.title} <span class="version">${document.info.version}</span></h1>
${document.info.description ? html`<p>${document.info.description}</p>` : ''}
<p>Every operation takes a bearer token for the tenant's management API (see the guide). The machine-readable
document is at <a href="/api/swagger.json"><code>/api/swagger.json</code></a>.</p>
${groups.map(
  (group, index) => html`<section class="tag">
<h2 id="${toc[index]?.id ?? ''}">${group.name}</h2>
${group.operations.map(({ path, method, operation }, i) =>
  operationSection(method, path, operation, toc[index]?.children?.[i]?.id ?? '', schemas),
)}
</section>
`,
)}
${
  Object.keys(schemas).length
    ? html`<section class="schemas"><h2 id="${schemasId}">Schemas</h2>
${Object.entries(schemas).map(
  ([name, schema]) => html`<section class="schema" id="${schemaAnchor(name)}"><h3>${name}</h3>
${schema.description ? html`<p>${schema.description}</p>` : ''}
${fieldsOf(schema, schemas).length ? fieldsTable(fieldsOf(schema, schemas)) : html`<p>${typeOf(schema)}</p>`}
</section>
`,
)}</section>`
    : ''
}`;
  return docsPage({ title: 'API reference', path: API_REFERENCE_PATH, toc, content });
};
