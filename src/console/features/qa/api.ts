import { useCustom } from '@refinedev/core';
import type { JSONSchema7 } from '../../../shared/json-schema';
import type { FixtureExpectation } from './compare';

/** The QA scope: the gallery's pages and the `/api/qa/*` routes it reads need it. */
export const qaScope = 'qa';

export type QaFormKind = 'create' | 'tab' | 'action';

/** One entry of `GET /api/qa/forms`: a generated form and how many fixtures it has. */
export interface QaFormSummary {
  entity: string;
  /** `create`, `tab-<tabKey>` or `action-<actionKey>`. */
  form: string;
  kind: QaFormKind;
  key?: string;
  valid: number;
  invalid: number;
}

export interface QaFixture {
  name: string;
  body: unknown;
  expect?: FixtureExpectation;
  /** The expected English text of the error, when the fixture names one. */
  message?: string;
  generated: boolean;
  file?: string;
}

/** `GET /api/qa/forms/{entity}/{form}`: the form's schema and its fixtures. */
export interface QaFormDetail {
  entity: string;
  form: string;
  kind: QaFormKind;
  key?: string;
  schema: JSONSchema7;
  validatorKey?: string;
  fixtures: { valid: QaFixture[]; invalid: QaFixture[] };
}

export const fixtureSets = ['valid', 'invalid'] as const;
export type FixtureSet = (typeof fixtureSets)[number];

const count = (value: unknown): number => {
  if (typeof value === 'number') return value;
  return Array.isArray(value) ? value.length : 0;
};

/** Reads a list entry, whether its counts are flat (`valid: 3`) or grouped (`counts: { valid: 3 }`, `fixtures`). */
export const summaryOf = (entry: Record<string, unknown>): QaFormSummary => {
  const counts = (entry.counts ?? entry.fixtures ?? entry) as Record<string, unknown>;
  const form = String(entry.form);
  const kind = (entry.kind ?? form.split('-')[0]) as QaFormKind;
  const key =
    typeof entry.key === 'string' ? entry.key : form.includes('-') ? form.slice(form.indexOf('-') + 1) : undefined;
  return {
    entity: String(entry.entity),
    form,
    kind,
    ...(key ? { key } : {}),
    valid: count(counts.valid),
    invalid: count(counts.invalid),
  };
};

const listOf = (data: unknown): Record<string, unknown>[] => {
  if (Array.isArray(data)) return data as Record<string, unknown>[];
  const forms = (data as { forms?: unknown } | undefined)?.forms;
  return Array.isArray(forms) ? (forms as Record<string, unknown>[]) : [];
};

export const useQaForms = () => {
  const read = useCustom<Record<string, unknown>>({ url: '/qa/forms', method: 'get' });
  const forms = read.query.isSuccess ? listOf(read.result.data).map(summaryOf) : undefined;
  return { query: read.query, forms };
};

export const useQaForm = (entity: string, form: string) =>
  useCustom<QaFormDetail>({
    url: `/qa/forms/${encodeURIComponent(entity)}/${encodeURIComponent(form)}`,
    method: 'get',
  });
