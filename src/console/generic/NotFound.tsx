import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../layout/use-document-title';

export const NotFound = () => {
  const { t } = useTranslation();
  useDocumentTitle(t('not_found.title'));
  return (
    <Result
      status="404"
      title={t('not_found.title')}
      subTitle={t('not_found.description')}
      extra={
        <Link to="/">
          <Button type="primary">{t('not_found.back')}</Button>
        </Link>
      }
    />
  );
};
