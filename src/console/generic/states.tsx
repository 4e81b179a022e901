import { Button, Empty, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export const ErrorState = ({ error, onRetry }: { error: unknown; onRetry: () => void }) => {
  const { t } = useTranslation();
  const message =
    error instanceof Error || (typeof error === 'object' && error && 'message' in error)
      ? String((error as { message: unknown }).message)
      : undefined;
  return (
    <Result
      status="error"
      title={t('common.load_failed')}
      subTitle={message}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('actions.retry')}
        </Button>
      }
    />
  );
};

export const EmptyState = ({ description, action }: { description: ReactNode; action?: ReactNode }) => (
  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description} className="gh-empty">
    {action}
  </Empty>
);
