import { DownloadOutlined } from '@ant-design/icons';
import { useDataProvider, useNotification } from '@refinedev/core';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EXPORT_FORMATS, EXPORT_MEDIA_TYPES, type ExportFormat } from '../../shared/bulk';
import type { ConsoleResource } from '../../shared/descriptor';
import { downloadText } from './download';
import { requestFailed } from './request-failed';

/** The list's "Export" menu of an entity with bulk export: every item of the tenant, as CSV or JSON. */
export const ExportButton = ({ resource, path }: { resource: ConsoleResource; path: string }) => {
  const { t } = useTranslation();
  const dataProvider = useDataProvider();
  const { open } = useNotification();
  const [busy, setBusy] = useState(false);
  const exportAs = async (format: ExportFormat) => {
    const { custom } = dataProvider();
    if (!custom) return;
    setBusy(true);
    try {
      const { data } = await custom({ url: path, method: 'get', query: { format } });
      const text = typeof data === 'string' ? data : JSON.stringify(data, null, 2);
      downloadText(text, EXPORT_MEDIA_TYPES[format], `${resource.route.split('/').at(-1)}.${format}`);
    } catch (error) {
      open?.(requestFailed(t, error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: EXPORT_FORMATS.map((format) => ({ key: format, label: t(`list.export_${format}`) })),
        onClick: ({ key }) => void exportAs(key as ExportFormat),
      }}
    >
      <Button icon={<DownloadOutlined />} loading={busy}>
        {t('list.export')}
      </Button>
    </Dropdown>
  );
};
