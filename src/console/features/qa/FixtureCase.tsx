import type { RJSFValidationError } from '@rjsf/utils';
import { Alert, Tag } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type FormData, type FormHandle, SchemaForm } from '../../rjsf/SchemaForm';
import type { FixtureSet, QaFixture } from './api';
import { type CaseOutcome, compareCase, fieldId } from './compare';
import type { FormTarget } from './form-target';

interface FixtureCaseProps {
  target: FormTarget;
  set: FixtureSet;
  fixture: QaFixture;
  /** The case's own page, with the language and appearance it is shown in. */
  link?: string;
}

const asFormData = (body: unknown): FormData =>
  body !== null && typeof body === 'object' && !Array.isArray(body) ? structuredClone(body as FormData) : {};

/**
 * One fixture in its form: the form as the console renders it, filled with the fixture's body and validated as a
 * submit would, and beside it what the fixture expects and what the form said. Mismatches are marked.
 */
export const FixtureCase = ({ target, set, fixture, link }: FixtureCaseProps) => {
  const { t, i18n } = useTranslation();
  const formRef = useRef<FormHandle>(null);
  const [formData, setFormData] = useState(() => asFormData(fixture.body));
  const [outcome, setOutcome] = useState<CaseOutcome>();
  const layout = useMemo(() => target.sectionsFor?.(fixture.body), [target, fixture.body]);
  // The fixture's own text is English; other languages are compared by field and rule only.
  const message = i18n.language === 'en' ? fixture.message : undefined;

  const report = useCallback(
    (errors: RJSFValidationError[]) => setOutcome(compareCase(errors, fixture.expect, message)),
    [fixture.expect, message],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: validated again in each language, for its messages
  useEffect(() => {
    if (!target.compiled) return;
    if (formRef.current?.validateForm()) report([]);
  }, [target, report, i18n.language]);

  const expectedField = fixture.expect ? fieldId(target.idPrefix, fixture.expect.path) : undefined;
  const state = !target.compiled ? 'unavailable' : outcome ? (outcome.pass ? 'pass' : 'fail') : 'pending';
  const caseName = `${set}/${fixture.name}`;
  return (
    <section
      className={`gh-card gh-qa-case gh-qa-case-${state}`}
      aria-label={caseName}
      data-qa-case={caseName}
      data-qa-result={state}
      data-qa-field={expectedField}
      data-qa-message={outcome?.matched?.message}
    >
      <header className="gh-qa-case-header">
        <h2 className="gh-qa-case-title">
          {link ? <Link to={link}>{caseName}</Link> : caseName}
          {fixture.generated && <Tag className="gh-qa-tag">{t('qa.case.generated')}</Tag>}
        </h2>
        <Tag color={state === 'pass' ? 'success' : state === 'fail' ? 'error' : 'default'}>
          {t(`qa.result.${state}`)}
        </Tag>
      </header>
      <div className="gh-qa-case-body">
        <div className="gh-qa-case-form">
          {target.compiled ? (
            <SchemaForm
              formRef={formRef}
              resource={target.resource}
              form={target.form}
              idPrefix={target.idPrefix}
              formData={formData}
              sections={layout?.sections}
              omitted={layout?.omitted}
              requiredFields={target.requiredFields}
              onChange={setFormData}
              onSubmit={() => report([])}
              onValidationErrors={report}
              focusOnFirstError={false}
            />
          ) : (
            <Alert type="warning" showIcon message={t('qa.case.not_compiled')} />
          )}
        </div>
        <dl className="gh-qa-case-result">
          <dt>{t('qa.case.expected')}</dt>
          <dd>
            {fixture.expect
              ? t('qa.case.expected_error', { keyword: fixture.expect.keyword, path: fixture.expect.path || '/' })
              : t('qa.case.expected_none')}
            {fixture.message && <div className="gh-qa-message">“{fixture.message}”</div>}
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
