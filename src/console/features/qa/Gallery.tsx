import { Select, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../generic/PageHeader';
import { EmptyState, ErrorState } from '../../generic/states';
import { useDocumentTitle } from '../../layout/use-document-title';
import { formKey, type QaFormSummary, useQaForms } from './api';
import { FormCases } from './FormCases';
import { ViewControls } from './GalleryControls';
import { qaLinks } from './links';
import { useGalleryView } from './use-view';
import './qa.css';

const formLabel = (t: (key: string, options?: Record<string, unknown>) => string, form: QaFormSummary) =>
  `${t(`qa.kind.${form.kind}`, { key: formKey(form.form) ?? '' })} (${form.valid} + ${form.invalid})`;

/**
 * `/console/qa/forms[/:entity/:form]`: pick an entity and one of its forms (every form `GET /api/qa/forms` lists,
 * whether or not this console has pages for its entity) and see each fixture in it.
 */
export const Gallery = () => {
  const { t } = useTranslation();
  useDocumentTitle(t('qa.title'));
  const navigate = useNavigate();
  const { entity, form } = useParams();
  const view = useGalleryView();
  const { query, forms } = useQaForms();
  const entities = [...new Set((forms ?? []).map((item) => item.entity))];
  const ofEntity = (forms ?? []).filter((item) => item.entity === entity);
  const open = (nextEntity: string, nextForm: string) =>
    navigate(`${qaLinks.form({ entity: nextEntity, form: nextForm })}${view.search}`);

  return (
    <div className="gh-page gh-qa">
      <PageHeader title={t('qa.title')} subtitle={t('qa.subtitle')} />
      <div className="gh-qa-controls">
        <div className="gh-qa-control">
          <label htmlFor="qa-entity">{t('qa.controls.entity')}</label>
          <Select
            id="qa-entity"
            showSearch
            value={entity}
            placeholder={t('qa.controls.entity_placeholder')}
            loading={query.isLoading}
            onChange={(next: string) => {
              const first = forms?.find((item) => item.entity === next);
              if (first) open(next, first.form);
            }}
            options={entities.map((name) => ({ value: name, label: name }))}
            popupMatchSelectWidth={false}
          />
        </div>
        <div className="gh-qa-control">
          <label htmlFor="qa-form">{t('qa.controls.form')}</label>
          <Select
            id="qa-form"
            value={entity ? form : undefined}
            disabled={!entity}
            onChange={(next: string) => entity && open(entity, next)}
            options={ofEntity.map((item) => ({ value: item.form, label: formLabel(t, item) }))}
            popupMatchSelectWidth={false}
          />
        </div>
        <ViewControls />
      </div>
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : !forms ? (
        <Skeleton active />
      ) : entity && form ? (
        <FormCases key={`${entity}/${form}`} entity={entity} form={form} />
      ) : (
        <FormList forms={forms} search={view.search} />
      )}
    </div>
  );
};

/** Every form with its fixture counts, by entity. */
const FormList = ({ forms, search }: { forms: QaFormSummary[]; search: string }) => {
  const { t } = useTranslation();
  if (forms.length === 0) return <EmptyState description={t('qa.empty')} />;
  const entities = [...new Set(forms.map((item) => item.entity))];
  return (
    <div className="gh-card gh-qa-forms">
      {entities.map((name) => (
        <section key={name} className="gh-qa-forms-entity" aria-labelledby={`qa-entity-${name}`}>
          <h2 id={`qa-entity-${name}`}>{name}</h2>
          <ul>
            {forms
              .filter((item) => item.entity === name)
              .map((item) => (
                <li key={item.form}>
                  <Link to={`${qaLinks.form({ entity: name, form: item.form })}${search}`}>
                    {t(`qa.kind.${item.kind}`, { key: formKey(item.form) ?? '' })}
                  </Link>{' '}
                  <Tag>{t('qa.counts', { valid: item.valid, invalid: item.invalid })}</Tag>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
};
