import type { RJSFValidationError } from '@rjsf/utils';
import { Alert, Tag } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type FormData, type FormHandle, SchemaForm } from '../../rjsf/SchemaForm';
import type { FixtureSet, QaFixture } from './api';
import {
  bodyForForm,
  type CaseOutcome,
  compareCase,
  errorPointer,
  fieldId,
  pointerSegments,
  sameValueAt,
} from './compare';
import type { FormTarget } from './form-target';

interface FixtureCaseProps {
  target: FormTarget;
  set: FixtureSet;
  fixture: QaFixture;
  /** The case's own page, with the language and appearance it is shown in. */
  link?: string;
  /** A settings tab's stored record, which the fixture's body changes. */
  record?: Record<string, unknown>;
}

/**
 * One fixture in its form: the form as the console renders it, filled with the fixture's body and validated as a
 * submit would, and beside it what the fixture expects and what the form said. Mismatches are marked.
 */
export const FixtureCase = ({ target, set, fixture, link, record }: FixtureCaseProps) => {
  const { t, i18n } = useTranslation();
  const formRef = useRef<FormHandle>(null);
  const given = useMemo(() => {
    const body =
      record && fixture.body && typeof fixture.body === 'object' ? { ...record, ...fixture.body } : fixture.body;
    return bodyForForm(body, target.form.schema.properties, target.apiProperties);
  }, [fixture.body, target, record]);
  // The form keeps its own state (edits stay in it); what it holds now, to tell a value it could not take.
  const held = useRef<FormData>(given.data);
  // An expectation on a value the console's form does not take (given or missing) cannot be checked in it.
  const expectedAt = fixture.expect ? (pointerSegments(fixture.expect.path)[0] ?? '') : undefined;
  const outsideForm =
    expectedAt !== undefined &&
    (given.outside.includes(expectedAt) ||
      (expectedAt in (target.apiProperties ?? {}) && !(expectedAt in (target.form.schema.properties ?? {}))));
  // With the language its messages are in: a switch validates again.
  const [outcome, setOutcome] = useState<CaseOutcome & { replaced: boolean; language: string }>();
  const layout = useMemo(() => target.sectionsFor?.(given.data), [target, given]);

  const report = useCallback(
    (errors: RJSFValidationError[]) => {
      const compared = compareCase(errors, fixture.expect);
      // A choice (radio, select) cannot hold a value outside its options: the form shows one of them instead.
      const replaced =
        !compared.pass && fixture.expect !== undefined && !sameValueAt(held.current, given.data, fixture.expect.path);
      setOutcome({ ...compared, replaced, language: i18n.language });
    },
    [fixture.expect, i18n.language, given],
  );
  // Validated as a submit would, again in each language (`report` changes with it), for its messages.
  useEffect(() => {
    if (!target.compiled || outsideForm) return;
    if (formRef.current?.validateForm()) report([]);
  }, [target, report, outsideForm]);

  // The console's ids, told apart per case: a page shows one form many times.
  const idPrefix = `${target.idPrefix}--${set}-${fixture.name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  const matched = outcome?.matched;
  const expectedField = fixture.expect
    ? fieldId(idPrefix, matched ? errorPointer(matched) : fixture.expect.path)
    : undefined;
  const state = !target.compiled
    ? 'unavailable'
    : outsideForm
      ? 'outside'
      : outcome
        ? outcome.pass
          ? 'pass'
          : outcome.replaced
            ? 'replaced'
            : 'fail'
        : 'pending';
  const caseName = `${set}/${fixture.name}`;
  return (
    <section
      className={`gh-card gh-qa-case gh-qa-case-${state}`}
      aria-label={caseName}
      data-qa-case={caseName}
      data-qa-result={state}
      data-qa-language={outcome?.language}
      data-qa-field={expectedField}
      data-qa-message={matched?.message}
    >
      <header className="gh-qa-case-header">
        <h2 className="gh-qa-case-title">
          {link ? <Link to={link}>{caseName}</Link> : caseName}
          {fixture.generated && <Tag className="gh-qa-tag">{t('qa.case.generated')}</Tag>}
        </h2>
        <span className={`gh-qa-result gh-qa-result-${state}`}>
          <span aria-hidden="true" className="gh-qa-result-mark">
            {state === 'pass' ? '✓' : state === 'fail' || state === 'unavailable' ? '✗' : '–'}
          </span>
          {t(`qa.result.${state}`)}
        </span>
      </header>
      <div className="gh-qa-case-body">
        <div className="gh-qa-case-form">
          {outsideForm && <Alert type="info" showIcon message={t('qa.case.outside_note')} />}
          {outcome?.replaced && <Alert type="info" showIcon message={t('qa.case.replaced_note')} />}
          {target.compiled ? (
            <SchemaForm
              formRef={formRef}
              resource={target.resource}
              form={target.form}
              idPrefix={idPrefix}
              formData={given.data}
              sections={layout?.sections}
              omitted={layout?.omitted}
              requiredFields={target.requiredFields}
              onChange={(data) => {
                held.current = data;
              }}
              onSubmit={() => report([])}
              onValidationErrors={report}
              focusOnFirstError={false}
            />
          ) : (
            <Alert type="warning" showIcon message={t('qa.case.not_compiled')} />
          )}
        </div>
        <dl className="gh-qa-case-result">
          {given.outside.length > 0 && (
            <>
              <dt>{t('qa.case.outside')}</dt>
              <dd>
                <code>{given.outside.join(', ')}</code>
              </dd>
            </>
          )}
          <dt>{t('qa.case.expected')}</dt>
          <dd>
            {fixture.expect
              ? t('qa.case.expected_error', { keyword: fixture.expect.keyword, path: fixture.expect.path || '/' })
              : t('qa.case.expected_none')}
            {fixture.message && (
              <div className="gh-qa-message">{t('qa.case.api_message', { message: fixture.message })}</div>
            )}
          </dd>
          <dt>{t('qa.case.actual')}</dt>
          <dd>
            {outcome && outcome.errors.length === 0 && t('qa.case.no_errors')}
            {outcome && outcome.errors.length > 0 && (
              <ul className="gh-qa-errors">
                {outcome.errors.map((error) => (
                  <li key={`${error.pointer} ${error.keyword} ${error.message}`}>
                    <code>{error.pointer || '/'}</code> <code>{error.keyword}</code> {error.message}
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </dl>
      </div>
    </section>
  );
};
