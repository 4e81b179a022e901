import { useNotification } from '@refinedev/core';
import { App, Button, Card, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../generic/PageHeader';
import { ErrorState } from '../../generic/states';
import { useDocumentTitle } from '../../layout/use-document-title';
import { customizeJwtLinks } from './index';
import { TOKEN_TYPES, type TokenType, useJwtCustomizers } from './use-jwt-customizers';
import './customize-jwt.css';

/** `/console/customize-jwt`: a card per token type, with its customizer set (edit, delete) or not (add). */
export const CustomizeJwt = () => {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { open } = useNotification();
  const { list, byType, remove } = useJwtCustomizers();
  const navigate = useNavigate();
  useDocumentTitle(t('sidebar.customize_jwt'));

  const confirmDelete = (tokenType: TokenType) =>
    modal.confirm({
      title: t('customize_jwt.delete.title', { token: t(`customize_jwt.${tokenType}.title`) }),
      content: t('customize_jwt.delete.description'),
      okText: t('actions.delete'),
      okButtonProps: { danger: true },
      cancelText: t('actions.cancel'),
      onOk: async () => {
        try {
          await remove(tokenType);
          open?.({ type: 'success', message: t('customize_jwt.delete.done') });
        } catch (error) {
          const { code, message } = error as { code?: string; message?: string };
          open?.({
            type: 'error',
            message: t('notifications.request_failed'),
            description: code ? t(`errors.${code}`, { defaultValue: message }) : message,
          });
        }
      },
    });

  return (
    <div className="gh-page gh-customize-jwt">
      <PageHeader title={t('customize_jwt.title')} subtitle={t('customize_jwt.subtitle')} />
      {list.query.isError ? (
        <ErrorState error={list.query.error} onRetry={() => list.query.refetch()} />
      ) : (
        TOKEN_TYPES.map((tokenType) => {
          const customizer = byType[tokenType];
          const title = t(`customize_jwt.${tokenType}.title`);
          return (
            <Card key={tokenType} title={title} loading={list.query.isLoading} className="gh-customize-jwt-card">
              <Typography.Paragraph type="secondary">
                {t(`customize_jwt.${tokenType}.description`)}
              </Typography.Paragraph>
              {customizer ? (
                <div className="gh-customize-jwt-actions">
                  <Tag color="green">{t('customize_jwt.active')}</Tag>
                  <Button
                    onClick={() => navigate(customizeJwtLinks.editor({ tokenType, action: 'edit' }))}
                    aria-label={t('customize_jwt.edit_named', { token: title })}
                  >
                    {t('customize_jwt.edit')}
                  </Button>
                  <Button
                    danger
                    onClick={() => confirmDelete(tokenType)}
                    aria-label={t('customize_jwt.delete_named', { token: title })}
                  >
                    {t('actions.delete')}
                  </Button>
                </div>
              ) : (
                <Button
                  type="primary"
                  onClick={() => navigate(customizeJwtLinks.editor({ tokenType, action: 'create' }))}
                  aria-label={t('customize_jwt.add_named', { token: title })}
                >
                  {t('customize_jwt.add')}
                </Button>
              )}
            </Card>
          );
        })
      )}
    </div>
  );
};
