import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../layout/use-document-title';

/** A page the caller's scopes do not reach: the page exists, but not for them. */
export const Forbidden = () => {
  const { t } = useTranslation();
  useDocumentTitle(t('forbidden.title'));
  return (
    <Result
      status="403"
      title={t('forbidden.title')}
      subTitle={t('forbidden.description')}
      extra={
        <Link to="/">
          <Button type="primary">{t('forbidden.back')}</Button>
        </Link>
      }
    />
  );
};
