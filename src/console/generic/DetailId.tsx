import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A detail page's "ID" with the item's id, copyable. */
export const DetailId = ({ id }: { id: string }) => {
  const { t } = useTranslation();
  return (
    <span className="gh-detail-id">
      <Typography.Text type="secondary">{t('detail.id')}</Typography.Text>
      <Typography.Text code copyable={{ text: id, tooltips: [t('actions.copy'), t('actions.copied')] }}>
        {id}
      </Typography.Text>
    </span>
  );
};
