import type { Entity } from '../../../server/crud/repository.js';
import { ApiError } from '../../../server/http/api-error.js';
import type { ErrorCode } from '../../../shared/error-codes.js';

/** Names a field may not take: a reserved profile property, the console's custom data keys, sign-in identifiers. */
const RESERVED: { code: ErrorCode; names: string[] }[] = [
  { code: 'custom_profile_fields.name_conflict_built_in_prop', names: ['preferredUsername'] },
  {
    code: 'custom_profile_fields.name_conflict_custom_data',
    names: ['onboarding', 'ossOnboarding', 'guideRequests', 'adminConsolePreferences', 'defaultTenantId'],
  },
  {
    code: 'custom_profile_fields.name_conflict_sign_in_identifier',
    names: ['username', 'primaryEmail', 'primaryPhone', 'email', 'phone'],
  },
];

/** The parts a composite field may have, by its type. */
const PART_NAMES: Record<string, string[]> = {
  Address: ['formatted', 'streetAddress', 'locality', 'region', 'postalCode', 'country'],
  Fullname: ['givenName', 'middleName', 'familyName'],
};

interface Config {
  minLength?: number;
  maxLength?: number;
  minValue?: number;
  maxValue?: number;
  format?: string;
  options?: unknown[];
  defaultValue?: string;
  parts?: { name: string; type: string; required: boolean; config?: Config }[];
}

const fail = (code: ErrorCode, data?: Record<string, unknown>): never => {
  throw new ApiError(code, data);
};
const invalid = (details: string) => fail('request.invalid_input', { details });

const isRegex = (source: string) => {
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
};

export const checkName = (name: string) => {
  if (!/^[\dA-Za-z]+$/.test(name)) fail('custom_profile_fields.invalid_name');
  for (const { code, names } of RESERVED) if (names.includes(name)) fail(code, { name });
};

/**
 * Logto's rules of a field's type. `strict` (on replacing a field, and for the parts of a composite one) also asks
 * for what a field needs to be shown: a checkbox's default, a select's options, a valid pattern.
 */
export const checkType = (type: string, required: boolean, config: Config | undefined, strict: boolean) => {
  const c = config ?? {};
  if (c.minLength !== undefined && c.maxLength !== undefined && c.minLength > c.maxLength)
    fail('custom_profile_fields.invalid_min_max_input');
  if (c.minValue !== undefined && c.maxValue !== undefined && c.minValue > c.maxValue)
    fail('custom_profile_fields.invalid_min_max_input');
  if (type === 'Checkbox') {
    if (required) invalid('A checkbox cannot be required.');
    if (c.defaultValue !== undefined && !['true', 'false'].includes(c.defaultValue))
      invalid('A checkbox defaults to "true" or "false".');
    if (strict && c.defaultValue === undefined) fail('custom_profile_fields.invalid_default_value');
  }
  if (type === 'Select') {
    if (!c.options) invalid('A select field needs its options.');
    if (strict && c.options?.length === 0) fail('custom_profile_fields.invalid_options');
  }
  if ((type === 'Regex' || type === 'Date') && config && c.format === undefined)
    invalid(`A ${type.toLowerCase()} field needs its format.`);
  if (type === 'Regex' && !config) invalid('A regex field needs its format.');
  if (type === 'Regex' && strict && !isRegex(c.format ?? '')) fail('custom_profile_fields.invalid_regex_format');
  const allowed = PART_NAMES[type];
  if (allowed) {
    const parts = c.parts ?? [];
    if (parts.length === 0) {
      fail(
        type === 'Address'
          ? 'custom_profile_fields.invalid_address_components'
          : 'custom_profile_fields.invalid_fullname_components',
      );
    }
    if (parts.some((part) => PART_NAMES[part.type])) fail('custom_profile_fields.invalid_sub_component_type');
    for (const part of parts) {
      if (!allowed.includes(part.name)) invalid(`A part of a ${type.toLowerCase()} is one of ${allowed.join(', ')}.`);
      if (strict) checkType(part.type, part.required, part.config, true);
    }
  }
};

/** A field as it is stored: its name and settings checked. */
export const checkField = (field: Entity, strict: boolean) => {
  checkName(String(field.name));
  checkType(String(field.type), field.required === true, field.config as Config | undefined, strict);
};
