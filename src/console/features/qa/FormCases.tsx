import { Alert, Skeleton } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../generic/states';
import { baseRecordOf, fixtureSets, setOf, useQaForm } from './api';
import { FixtureCase } from './FixtureCase';
import { formTarget } from './form-target';
import { qaLinks } from './links';
import { useQaValidators } from './use-qa-validators';
import { useGalleryView } from './use-view';

/** One form's fixtures, valid ones first, each rendered in the form with its result and a link to open it alone. */
export const FormCases = ({ entity, form }: { entity: string; form: string }) => {
  const { t } = useTranslation();
  const { search } = useGalleryView();
  const { query, result } = useQaForm(entity, form);
  const compiled = useQaValidators(entity);
  const detail = query.isSuccess && compiled.ready ? result.data : undefined;
  const target = useMemo(() => (detail ? formTarget(detail) : undefined), [detail]);
  const record = useMemo(() => (detail ? baseRecordOf(detail) : undefined), [detail]);

  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (compiled.error) return <ErrorState error={compiled.error} onRetry={compiled.retry} />;
  if (!detail || !target) return <Skeleton active />;
  const cases = fixtureSets.flatMap((set) =>
    detail.fixtures.filter((fixture) => setOf(fixture) === set).map((fixture) => ({ set, fixture })),
  );
  return (
    <div className="gh-qa-cases" data-qa-form={`${entity}/${form}`}>
      {!target.inConsole && <Alert type="info" showIcon message={t('qa.not_in_console')} />}
      {cases.length === 0 && <Alert type="info" showIcon message={t('qa.no_fixtures')} />}
      {cases.map(({ set, fixture }) => (
        <FixtureCase
          key={`${set}/${fixture.name}`}
          target={target}
          set={set}
          fixture={fixture}
          record={record}
          link={`${qaLinks.fixture({ entity, form, set, fixture: fixture.name })}${search}`}
        />
      ))}
    </div>
  );
};
