import { Alert, Skeleton } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../generic/PageHeader';
import { ErrorState } from '../../generic/states';
import { useDocumentTitle } from '../../layout/use-document-title';
import { baseRecordOf, type FixtureSet, fixtureSets, setOf, useQaForm } from './api';
import { FixtureCase } from './FixtureCase';
import { formTarget } from './form-target';
import { ViewControls } from './GalleryControls';
import { qaLinks } from './links';
import { useQaValidators } from './use-qa-validators';
import { useGalleryView } from './use-view';
import './qa.css';

const isSet = (value: string | undefined): value is FixtureSet => fixtureSets.some((set) => set === value);

/**
 * `/console/qa/forms/:entity/:form/:set/:fixture?lng=…&theme=…`: one case of the gallery on a page of its own, as a
 * link opens it (the browser matrix opens every case this way).
 */
export const CasePage = () => {
  const { t } = useTranslation();
  const { entity = '', form = '', set, fixture: name } = useParams();
  const title = `${entity} · ${form} · ${set}/${name}`;
  useDocumentTitle(title);
  const { search } = useGalleryView();
  const { query, result } = useQaForm(entity, form);
  const compiled = useQaValidators(entity);
  const detail = query.isSuccess && compiled.ready ? result.data : undefined;
  const target = useMemo(() => (detail ? formTarget(detail) : undefined), [detail]);
  const record = useMemo(() => (detail ? baseRecordOf(detail) : undefined), [detail]);
  const fixture = detail?.fixtures.find((candidate) => setOf(candidate) === set && candidate.name === name);

  return (
    <div className="gh-page gh-qa">
      <PageHeader
        title={title}
        actions={<Link to={`${qaLinks.form({ entity, form })}${search}`}>{t('qa.case.all_cases')}</Link>}
      />
      <div className="gh-qa-controls">
        <ViewControls />
      </div>
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : compiled.error ? (
        <ErrorState error={compiled.error} onRetry={compiled.retry} />
      ) : !detail || !target ? (
        <Skeleton active />
      ) : fixture && isSet(set) ? (
        <FixtureCase target={target} set={set} fixture={fixture} record={record} />
      ) : (
        <Alert type="warning" showIcon message={t('qa.case.not_found')} />
      )}
    </div>
  );
};
