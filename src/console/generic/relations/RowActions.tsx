import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConsoleResource } from '../../../shared/descriptor';
import type { Row } from '../DataTable';
import { useDetailActions } from '../detail-actions';

/**
 * The list's row actions that apply to one row (revoke a pending invitation), as buttons named with the row; a
 * dangerous one is marked in its confirmation.
 */
export const RowActions = ({
  resource,
  row,
  name,
  refetch,
}: {
  resource: ConsoleResource;
  row: Row;
  name: string;
  refetch: () => unknown;
}) => {
  const { t } = useTranslation();
  const items = useDetailActions({ resource, actions: resource.list.actions ?? [], record: row, name, refetch });
  if (items.length === 0) return null;
  return (
    <Space size={0}>
      {items.map((item) => (
        <Button
          key={item.key}
          type="text"
          aria-label={t('actions.on_named', { action: item.label, name })}
          onClick={(event) => {
            event.stopPropagation();
            item.onClick();
          }}
        >
          {item.label}
        </Button>
      ))}
    </Space>
  );
};
