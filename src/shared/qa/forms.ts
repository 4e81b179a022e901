import type { DetailTab, EntityModel, FormModel } from '../descriptor.js';
import type { JSONSchema7 } from '../json-schema.js';

/** Which generated form a body belongs to: an entity's create dialog, a settings tab, or an action's body. */
export type QaFormKind = 'create' | 'tab' | 'action';

/** One generated form: where its fixtures live (`<entity>/<form>/`) and the schema its bodies follow. */
export interface QaForm {
  entity: string;
  /** `create`, `tab-<tabKey>` or `action-<actionKey>`: the folder of its fixtures below the entity's. */
  form: string;
  kind: QaFormKind;
  /** The tab's or the action's key; absent for `create`. */
  key?: string;
  /** The JSON schema of the form's body, self-contained (codegen inlines what it refers to). */
  schema: JSONSchema7;
  /** The compiled validator of the body (a key of the catalog's validators). */
  validatorKey: string;
  /** The body as the console's forms check it, where they ask more than the API (`x-form`). */
  formSchema?: JSONSchema7;
  /** The entity's cross-field rules, checked against the record the body makes (see `ConsoleResource`). */
  recordRules?: FormModel;
  /** A tab editing another entity's record: where it is read, saved, and an item with it made. */
  record?: Extract<DetailTab, { kind: 'form' }>['record'];
}

const form = (model: EntityModel, kind: QaFormKind, body: FormModel, key?: string): QaForm => ({
  entity: model.name,
  form: key ? `${kind}-${key}` : kind,
  kind,
  ...(key ? { key } : {}),
  schema: body.schema,
  validatorKey: body.validatorKey,
  ...(body.formSchema ? { formSchema: body.formSchema } : {}),
  ...(model.recordRules ? { recordRules: model.recordRules } : {}),
});

/**
 * Every form the entities' pages and API take a body through: the create dialog (an entity that can be created),
 * each settings tab of the detail page (a singleton's too) and each action with a body, in the models' order.
 * Entities without an API (storage only) have none.
 */
export const qaForms = (models: readonly EntityModel[]): QaForm[] =>
  models
    .filter((model) => model.hasApi)
    .flatMap((model) => {
      const forms: QaForm[] = [];
      const create = model.requestBodies.create;
      if (model.operations.create && create) forms.push(form(model, 'create', create));
      for (const tab of model.detail?.tabs ?? []) {
        if (tab.kind === 'form') {
          forms.push({ ...form(model, 'tab', tab.form, tab.key), ...(tab.record ? { record: tab.record } : {}) });
        }
      }
      for (const action of model.actions) {
        if (action.body) forms.push(form(model, 'action', action.body, action.key));
      }
      return forms;
    });

/** The form `form` of `entity`, or undefined. */
export const qaForm = (models: readonly EntityModel[], entity: string, name: string): QaForm | undefined =>
  qaForms(models).find((candidate) => candidate.entity === entity && candidate.form === name);

/**
 * Whether the console draws a form's body as fields: an object that names them. An array (a batch) or an object of
 * any keys (custom data) is JSON, with no form to draw: the API's fixture matrix takes its fixtures, the gallery not.
 */
export const drawnAsForm = (form: QaForm): boolean =>
  form.schema.type === 'object' && Object.keys(form.schema.properties ?? {}).length > 0;

/** The forms the QA gallery draws. */
export const qaDrawnForms = (models: readonly EntityModel[]): QaForm[] => qaForms(models).filter(drawnAsForm);
