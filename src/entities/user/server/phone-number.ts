import { parsePhoneNumberWithError } from 'libphonenumber-js';
import type { Entity } from '../../../server/crud/repository.js';
import { ApiError } from '../../../server/http/api-error.js';

/**
 * A phone number as Logto stores it: the country calling code and the national number, digits only, with the trunk
 * zero some countries write before a national number dropped (`+61 0412 345 678` → `61412345678`,
 * `+1 (650) 253-0000` → `16502530000`); a leading `+` may be left out. A number that cannot be read as one is
 * Logto's 422 `user.invalid_phone`.
 */
export const storedPhoneNumber = (phone: string): string => {
  try {
    const parsed = parsePhoneNumberWithError(phone.startsWith('+') ? phone : `+${phone}`);
    return `${parsed.countryCallingCode}${parsed.nationalNumber}`;
  } catch {
    throw new ApiError('user.invalid_phone');
  }
};

/**
 * The forms a typed phone number may have been stored in: as typed, its digits, with a `+`, Logto's stored form and
 * that form with a trunk zero (numbers stored before they were normalized).
 */
export const phoneNumberForms = (phone: string): string[] => {
  const digits = phone.replace(/\D/g, '');
  const forms = [phone, digits, `+${digits}`];
  try {
    const parsed = parsePhoneNumberWithError(phone.startsWith('+') ? phone : `+${digits}`);
    forms.push(
      `${parsed.countryCallingCode}${parsed.nationalNumber}`,
      `${parsed.countryCallingCode}0${parsed.nationalNumber}`,
    );
  } catch {
    // Not a phone number: found as typed only.
  }
  return [...new Set(forms)];
};

/** A user write's `primaryPhone` in Logto's stored form (null and absent stay as they are). */
export const phoneValues = (values: Entity): Entity =>
  typeof values.primaryPhone === 'string' && values.primaryPhone !== ''
    ? { ...values, primaryPhone: storedPhoneNumber(values.primaryPhone) }
    : values;
