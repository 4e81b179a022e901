import type { Translator } from '../locales/index.js';
import { html } from './html.js';
import { controlName, type FieldConfig, type SignUpField } from './profile-fields.js';

/** Messages per form control (the registration form's field errors). */
type ControlErrors = Record<string, string[] | undefined>;

/** One field (or part) as the user fills it in. */
const control = (
  tr: Translator,
  spec: {
    name: string;
    type: string;
    label: string;
    description?: string | null;
    required: boolean;
    config: FieldConfig;
  },
  id: string,
  value: string | undefined,
  errors: string[] | undefined,
) => {
  const invalid = Boolean(errors?.length);
  const described = [spec.description ? `${id}-hint` : '', invalid ? `${id}-errors` : ''].filter(Boolean).join(' ');
  const aria = html`${spec.required ? html` required` : ''}${invalid ? html` aria-invalid="true"` : ''}${described ? html` aria-describedby="${described}"` : ''}`;
  const placeholder = spec.config.placeholder ? html` placeholder="${spec.config.placeholder}"` : '';
  const hint = spec.description ? html`<p class="hint" id="${id}-hint">${spec.description}</p>` : '';
  const list = invalid
    ? html`<ul class="field-errors" id="${id}-errors">${(errors ?? []).map((e) => html`<li>${e}</li>`)}</ul>`
    : '';
  if (spec.type === 'Checkbox') {
    const checked = (value ?? spec.config.defaultValue) === 'true';
    return html`<div class="field${invalid ? ' invalid' : ''}"><label class="checkbox"><input type="checkbox" id="${id}" name="${id}" value="true"${checked ? html` checked` : ''}${aria}> <span>${spec.label}</span></label>${hint}${list}</div>`;
  }
  const label = html`<label for="${id}">${spec.label}${spec.required ? '' : html` <span class="optional">${tr.t('interaction:register.optional')}</span>`}</label>`;
  if (spec.type === 'Select') {
    const options = spec.config.options ?? [];
    return html`<div class="field${invalid ? ' invalid' : ''}">${label}<select id="${id}" name="${id}"${aria}><option value="">${spec.config.placeholder ?? ''}</option>${options.map((option) => html`<option value="${option.value}"${option.value === value ? html` selected` : ''}>${option.label ?? option.value}</option>`)}</select>${hint}${list}</div>`;
  }
  const type = { Number: 'number', Date: 'date', Url: 'url' }[spec.type] ?? 'text';
  return html`<div class="field${invalid ? ' invalid' : ''}">${label}<input id="${id}" name="${id}" type="${type}" value="${value ?? ''}"${placeholder}${aria}>${hint}${list}</div>`;
};

/** The sign-up page's custom profile fields, a composite field as a group of its enabled parts. */
export const profileFieldInputs = (
  tr: Translator,
  fields: readonly SignUpField[],
  values: Record<string, string | undefined>,
  errors: ControlErrors,
) =>
  fields.map((field) => {
    const label = field.label || field.name;
    if (!field.config.parts) {
      const id = controlName(field.name);
      return control(tr, { ...field, label }, id, values[id], errors[id]);
    }
    const parts = field.config.parts.filter((part) => part.enabled);
    return html`<fieldset class="profile-group"><legend>${label}</legend>${parts.map((part) => {
      const id = controlName(field.name, part.name);
      return control(
        tr,
        { ...part, label: part.label ?? part.name, config: part.config ?? {} },
        id,
        values[id],
        errors[id],
      );
    })}</fieldset>`;
  });
