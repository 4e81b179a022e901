import type { ServerOverride } from '../../../server/crud/overrides.js';
import { ApiError } from '../../../server/http/api-error.js';
import type { EntityModel } from '../../../shared/descriptor.js';
import { formFixtures } from '../../../shared/qa/fixtures.js';
import { qaDrawnForms, qaForm } from '../../../shared/qa/forms.js';

/**
 * The QA service: the generated forms of the served entities that the console draws as forms, and their fixtures,
 * read from the fixture files at each request, so a new fixture file shows with no restart.
 */
const listForms = async ({ models }: { models: readonly EntityModel[] }) =>
  qaDrawnForms(models).map(({ entity, form, kind }) => {
    const { valid, invalid } = formFixtures(entity, form);
    return { entity, form, kind, valid: valid.length, invalid: invalid.length };
  });

const getForm = async ({ params, models }: { params: Record<string, string>; models: readonly EntityModel[] }) => {
  const found = qaForm(models, params.entity ?? '', params.form ?? '');
  if (!found) throw new ApiError('entity.not_found');
  const { valid, invalid } = formFixtures(found.entity, found.form);
  return {
    entity: found.entity,
    form: found.form,
    kind: found.kind,
    schema: found.schema,
    fixtures: [...valid.map((f) => ({ ...f, valid: true })), ...invalid.map((f) => ({ ...f, valid: false }))],
  };
};

export const qaOverrides = {
  'qa.list-forms': { kind: 'action', run: listForms },
  'qa.get-form': { kind: 'action', run: getForm },
} satisfies Record<string, ServerOverride>;
