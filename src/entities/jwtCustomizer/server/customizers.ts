import type { Entity } from '../../../server/crud/repository.js';

export type TokenType = 'access-token' | 'client-credentials';

/** Logto's configuration key of each token type (`GET /configs/jwt-customizer` answers them). */
export const CUSTOMIZER_KEYS: Readonly<Record<TokenType, string>> = {
  'access-token': 'jwt.accessToken',
  'client-credentials': 'jwt.clientCredentials',
};

export const TOKEN_TYPES = Object.keys(CUSTOMIZER_KEYS) as TokenType[];

/** The fields of a customizer as the API answers it (Logto's value: no id, no timestamps, nothing unset). */
const VALUE_FIELDS = ['script', 'environmentVariables', 'contextSample', 'tokenSample', 'blockIssuanceOnError'];

export const customizerValue = (row: Entity): Record<string, unknown> =>
  Object.fromEntries(VALUE_FIELDS.filter((field) => row[field] != null).map((field) => [field, row[field]]));

/** A full replacement's values: what the body leaves out is unset. */
export const replacementOf = (body: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(VALUE_FIELDS.map((field) => [field, body[field] ?? null]));

/** The scripts' entry: Logto's name, so a script written for Logto runs unchanged. */
export const CUSTOMIZER_ENTRY = 'getCustomJwtClaims';
