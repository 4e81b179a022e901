import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConsoleResource } from '../../../shared/descriptor';
import { useDocumentTitle } from '../../layout/use-document-title';
import { PageHeader } from '../PageHeader';
import { LogEntries } from './LogEntries';

/** `/<route>` of a log: its filter bar, its entries newest first in keyset pages, a row opens the entry. */
export const LogList = ({ resource }: { resource: ConsoleResource }) => {
  const { t } = useTranslation();
  useDocumentTitle(t(resource.titleKey));
  return (
    <div className="gh-page">
      <PageHeader
        title={t(resource.titleKey)}
        {...(resource.subtitleKey ? { subtitle: t(resource.subtitleKey) } : {})}
      />
      <Card className="gh-list-card">
        <LogEntries resource={resource} />
      </Card>
    </div>
  );
};
