import { useCustom } from '@refinedev/core';
import { apiRoutes } from '../../../generated/api-paths';
import { apiPath } from '../../../shared/api-path';
import type { JSONSchema7 } from '../../../shared/json-schema';
import { QA_SCOPE } from '../../auth/config';
import type { FixtureExpectation } from './compare';

/** The QA scope: the gallery's pages and the `/api/qa/*` routes it reads need it. */
export const qaScope = QA_SCOPE;

export type QaFormKind = 'create' | 'tab' | 'action';

/** One entry of `GET /api/qa/forms`: a generated form and how many fixtures it has. */
export interface QaFormSummary {
  entity: string;
  /** `create`, `tab-<tabKey>` or `action-<actionKey>`. */
  form: string;
  kind: QaFormKind;
  valid: number;
  invalid: number;
}

export interface QaFixture {
  name: string;
  /** Whether the form must accept the body. */
  valid: boolean;
  body: unknown;
  /** Invalid fixtures: the JSON pointer of the offending value and the rule it breaks. */
  expect?: FixtureExpectation;
  /** The expected English text of the error, when the fixture names one. */
  message?: string;
  generated: boolean;
  file: string;
}

/** `GET /api/qa/forms/{entity}/{form}`: the form's body schema and its fixtures. */
export interface QaFormDetail {
  entity: string;
  form: string;
  kind: QaFormKind;
  schema: JSONSchema7;
  fixtures: QaFixture[];
}

export const fixtureSets = ['valid', 'invalid'] as const;
export type FixtureSet = (typeof fixtureSets)[number];

export const setOf = (fixture: QaFixture): FixtureSet => (fixture.valid ? 'valid' : 'invalid');

/** The tab's or the action's key of a form (`tab-general` → `general`); none for `create`. */
export const formKey = (form: string): string | undefined =>
  form.includes('-') ? form.slice(form.indexOf('-') + 1) : undefined;

export const useQaForms = () => {
  const read = useCustom<QaFormSummary[]>({ url: apiRoutes.qa.actions.forms, method: 'get' });
  return { query: read.query, forms: read.query.isSuccess ? read.result.data : undefined };
};

export const useQaForm = (entity: string, form: string) =>
  useCustom<QaFormDetail>({
    url: apiPath(apiRoutes.qa.actions.form, { entity, form }),
    method: 'get',
  });

/**
 * What a settings tab's fixtures change: a stored record, here the valid fixture with the most values (a tab's body
 * is a partial change; the tab shows it over the record). None for other forms, whose bodies are whole.
 */
export const baseRecordOf = (detail: QaFormDetail): Record<string, unknown> | undefined => {
  if (detail.kind !== 'tab') return undefined;
  const sizeOf = (body: unknown) => (body && typeof body === 'object' ? Object.keys(body).length : 0);
  const fullest = detail.fixtures
    .filter((fixture) => fixture.valid)
    .reduce<QaFixture | undefined>(
      (best, fixture) => (sizeOf(fixture.body) > sizeOf(best?.body) ? fixture : best),
      undefined,
    );
  return (fullest?.body ?? {}) as Record<string, unknown>;
};
