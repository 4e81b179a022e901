import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

/** The example feature's pages: a heading, and the log id on the page of one log. */
export const ActivityPage = () => {
  const { t } = useTranslation();
  return <h1>{t('sidebar.audit_logs')}</h1>;
};

export const ActivityEntryPage = () => {
  const { t } = useTranslation();
  const { entryId } = useParams();
  return (
    <h1>
      {t('sidebar.audit_logs')}: {entryId}
    </h1>
  );
};
