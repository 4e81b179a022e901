import type { Queryable } from '../db/database.js';
import type { Translator } from '../locales/index.js';
import { httpUrl } from './http-url.js';

export interface Part {
  enabled: boolean;
  name: string;
  type: string;
  label?: string;
  description?: string;
  required: boolean;
  config?: FieldConfig;
}

export interface FieldConfig {
  placeholder?: string;
  minLength?: number;
  maxLength?: number;
  minValue?: number;
  maxValue?: number;
  format?: string;
  options?: { label?: string; value: string }[];
  defaultValue?: string;
  parts?: Part[];
}

/** A custom profile field the sign-up page asks for (`/api/custom-profile-fields`). */
export interface SignUpField {
  name: string;
  type: string;
  label: string;
  description: string | null;
  required: boolean;
  config: FieldConfig;
}

/**
 * The fields the sign-up page collects, in their order: those the sign-in experience's `signUpProfileFields` names,
 * in its order, or every field of the catalog (in its order) when it names none (Logto's reading of an unset list).
 */
export const resolveSignUpFields = <Field extends { name: string }>(
  catalog: readonly Field[],
  chosen: unknown,
): Field[] => {
  if (!Array.isArray(chosen)) return [...catalog];
  const byName = new Map(catalog.map((field) => [field.name, field]));
  return chosen.flatMap((item: { name?: string }) => byName.get(item.name ?? '') ?? []);
};

/** The tenant's sign-up fields (see `resolveSignUpFields`), read in the page's transaction. */
export const readSignUpFields = async (tx: Queryable, tenantId: string, chosen: unknown): Promise<SignUpField[]> => {
  const { rows } = await tx.query<SignUpField>(
    `SELECT name, type, label, description, required, config FROM custom_profile_fields
      WHERE tenant_id = $1 ORDER BY sie_order, created_at, id`,
    [tenantId],
  );
  return resolveSignUpFields(rows, chosen);
};

/** The properties of `profile` a field of this name fills; any other name goes into the user's custom data. */
const PROFILE_KEYS = new Set([
  'familyName',
  'givenName',
  'middleName',
  'nickname',
  'profile',
  'website',
  'gender',
  'birthdate',
  'zoneinfo',
  'locale',
]);

/** The form control's name of a field (or of one part of a composite field). */
export const controlName = (field: string, part?: string) => `profile.${field}${part ? `.${part}` : ''}`;

/** Why a typed value does not fit its field, or nothing. */
const issue = (tr: Translator, spec: Part | SignUpField, value: string): string | undefined => {
  const config = spec.config ?? {};
  if (!value) return spec.required ? tr.t('errors:profile_field_required') : undefined;
  if (spec.type === 'Number') {
    const number = Number(value);
    if (!Number.isFinite(number)) return tr.t('errors:profile_field_number');
    if (config.minValue !== undefined && number < config.minValue)
      return tr.t('errors:profile_field_min_value', { min: config.minValue });
    if (config.maxValue !== undefined && number > config.maxValue)
      return tr.t('errors:profile_field_max_value', { max: config.maxValue });
  }
  if (config.minLength !== undefined && value.length < config.minLength)
    return tr.t('errors:profile_field_min_length', { min: config.minLength });
  if (value.length > (config.maxLength ?? 1024))
    return tr.t('errors:profile_field_max_length', { max: config.maxLength ?? 1024 });
  if (spec.type === 'Select' && !(config.options ?? []).some((option) => option.value === value))
    return tr.t('errors:profile_field_option');
  if (spec.type === 'Url' && !httpUrl(value)) return tr.t('errors:profile_field_url');
  if (spec.type === 'Date' && !/^\d{4}-\d{2}-\d{2}$/.test(value)) return tr.t('errors:profile_field_date');
  if (spec.type === 'Regex' && !safeTest(config.format ?? '', value)) return tr.t('errors:profile_field_format');
  return undefined;
};

const safeTest = (pattern: string, value: string) => {
  try {
    return new RegExp(pattern).test(value);
  } catch {
    return false;
  }
};

/** A typed value as it is stored: numbers as numbers, a checkbox as a boolean. */
const stored = (type: string, value: string): unknown =>
  type === 'Number' ? Number(value) : type === 'Checkbox' ? value === 'true' : value;

/** What the sign-up form's custom profile fields give the new user, and why any value was refused. */
export const readProfileFields = (
  tr: Translator,
  fields: readonly SignUpField[],
  form: Record<string, string | undefined>,
) => {
  const errors: Record<string, string[]> = {};
  const values: Record<string, string> = {};
  const profile: Record<string, unknown> = {};
  const customData: Record<string, unknown> = {};
  const take = (id: string, spec: Part | SignUpField) => {
    const value = (form[id] ?? '').trim();
    values[id] = value;
    const refused = spec.type === 'Checkbox' ? undefined : issue(tr, spec, value);
    if (refused) errors[id] = [refused];
    return spec.type === 'Checkbox' || value
      ? stored(spec.type, spec.type === 'Checkbox' ? value || 'false' : value)
      : undefined;
  };
  for (const field of fields) {
    if (field.config.parts) {
      const parts: Record<string, unknown> = {};
      for (const part of field.config.parts.filter((each) => each.enabled)) {
        const value = take(controlName(field.name, part.name), part);
        if (value !== undefined) parts[part.name] = value;
      }
      if (field.type === 'Address') profile.address = parts;
      else Object.assign(profile, parts);
      continue;
    }
    const value = take(controlName(field.name), field);
    if (value === undefined) continue;
    if (PROFILE_KEYS.has(field.name)) profile[field.name] = value;
    else customData[field.name] = value;
  }
  return { errors, values, profile, customData };
};
