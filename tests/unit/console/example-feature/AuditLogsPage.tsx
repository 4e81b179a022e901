import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

/** The example feature's pages: a heading, and the log id on the page of one log. */
export const AuditLogsPage = () => {
  const { t } = useTranslation();
  return <h1>{t('sidebar.audit_logs')}</h1>;
};

export const AuditLogPage = () => {
  const { t } = useTranslation();
  const { logId } = useParams();
  return (
    <h1>
      {t('sidebar.audit_logs')}: {logId}
    </h1>
  );
};
