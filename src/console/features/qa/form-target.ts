import { hashForSchema } from '@rjsf/utils';
import type { FormModel, FormSection } from '../../../shared/descriptor';
import { keptFields } from '../../generic/patch-body';
import { findResource, isShownFor } from '../../registry';
import type { FormResource } from '../../rjsf/SchemaForm';
import { formValidators } from '../../rjsf/validator-table';
import { formKey, type QaFormDetail } from './api';

/** How the gallery renders a form: as the console does, with the same schema, ui schema, sections and ids. */
export interface FormTarget {
  resource: FormResource;
  form: FormModel;
  idPrefix: string;
  /** A settings tab's sections (those shown for the fixture's values) and the fields it keeps; absent elsewhere. */
  sectionsFor?: (body: unknown) => { sections: FormSection[]; omitted: string[] };
  requiredFields?: string[];
  /** Whether the console's own pages render this form (a create dialog or settings tab it knows). */
  inConsole: boolean;
  /**
   * Whether the form's validator is compiled into this console (its entity's model brings those of the console's
   * forms, `useQaValidators` those of the rest).
   */
  compiled: boolean;
  /** The root properties of the body the API takes, which the console's form may only partly show. */
  apiProperties: Record<string, unknown>;
}

/**
 * The form of a QA form entry: the entity's create dialog or settings tab from the console's registry; an action's
 * body, or the form of an entity this console was not built with, from the schema the API sends, with the
 * entity's texts and ui schema when the console knows it.
 */
export const formTarget = (detail: QaFormDetail): FormTarget => {
  const resource = findResource(detail.entity);
  const withCompiled = (target: Omit<FormTarget, 'compiled' | 'apiProperties'>): FormTarget => ({
    ...target,
    compiled: target.form.validatorKey in formValidators,
    apiProperties: (detail.schema.properties ?? {}) as Record<string, unknown>,
  });
  if (resource && detail.kind === 'create' && resource.create) {
    return withCompiled({ resource, form: resource.create.form, idPrefix: `${resource.name}-create`, inConsole: true });
  }
  const tab = resource?.detail?.tabs.find(
    (candidate) => candidate.kind === 'form' && candidate.key === formKey(detail.form),
  );
  if (resource && detail.kind === 'tab' && tab?.kind === 'form') {
    return withCompiled({
      resource,
      form: tab.form,
      idPrefix: `${resource.name}-${tab.key}`,
      sectionsFor: (body) => {
        const sections = tab.sections.filter((section) => isShownFor(body, section.when));
        const omitted = tab.sections.filter((section) => !sections.includes(section)).flatMap((s) => s.fields);
        return { sections, omitted };
      },
      requiredFields: keptFields(tab.form.schema.properties),
      inConsole: true,
    });
  }
  const form: FormModel = {
    schema: detail.schema,
    validatorKey: hashForSchema(detail.schema as object),
  };
  return withCompiled({
    resource: resource ?? { name: detail.entity, titleKey: `${detail.entity}.title`, uiSchema: {} },
    form,
    idPrefix: `${detail.entity}-${detail.form}`,
    inConsole: false,
  });
};
