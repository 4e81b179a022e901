import { type BaseRecord, useCustom, useCustomMutation } from '@refinedev/core';
import { Alert, Button, Form, Input, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiRoutes } from '../../../generated/api-paths';
import { apiPath } from '../../../shared/api-path';
import { requestFailed } from '../../generic/request-failed';
import type { ApiError } from '../../providers/http';

interface Domain {
  id: string;
  domain: string;
  status: 'PendingVerification' | 'PendingSsl' | 'Active' | 'Error';
  errorMessage: string | null;
  dnsRecords: { name: string; type: string; value: string }[];
}

const statusColors: Record<Domain['status'], string> = {
  PendingVerification: 'processing',
  PendingSsl: 'processing',
  Active: 'success',
  Error: 'error',
};
/** The domain entity's rule for a host name (no scheme, port or path). */
const HOST = /^(?!-)[A-Za-z0-9-]{1,63}(?<!-)(\.(?!-)[A-Za-z0-9-]{1,63}(?<!-))*\.[A-Za-z][A-Za-z0-9-]{0,61}[A-Za-z0-9]$/;

/**
 * `/tenant-settings/domains` (spec §2, §4): the tenant's custom domains for its sign-in pages, each with its status
 * (pending verification, pending SSL, active, error) and the DNS records to add; add one, or remove it.
 */
export const DomainsTab = () => {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ domain: string }>();
  const { result, query } = useCustom<Domain[]>({ url: apiRoutes.domain.list, method: 'get' });
  const { mutateAsync, mutation } = useCustomMutation<BaseRecord, ApiError>();
  const domains = Array.isArray(result?.data) ? result.data : undefined;

  const send = async (method: 'post' | 'delete', url: string, values: Record<string, unknown> = {}) => {
    await mutateAsync({
      url,
      method,
      values,
      successNotification: false,
      errorNotification: (error) => requestFailed(t, error),
    });
    await query.refetch();
  };
  const add = ({ domain }: { domain: string }) =>
    send('post', apiRoutes.domain.list, { domain: domain.trim().toLowerCase() }).then(
      () => form.resetFields(),
      () => undefined,
    );

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary">{t('tenants.domains.description')}</Typography.Paragraph>
      <Form form={form} layout="inline" onFinish={(values) => void add(values)}>
        <Form.Item
          name="domain"
          label={t('tenants.domains.domain')}
          rules={[
            { required: true, message: t('tenants.domains.required') },
            { pattern: HOST, message: t('tenants.domains.invalid') },
          ]}
        >
          <Input placeholder="auth.example.com" style={{ width: 280 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={mutation.isPending}>
          {t('tenants.domains.add')}
        </Button>
      </Form>
      <Table<Domain>
        rowKey="id"
        loading={query.isLoading}
        dataSource={domains}
        pagination={false}
        locale={{ emptyText: t('tenants.domains.empty') }}
        expandable={{
          rowExpandable: (domain) => domain.status !== 'Active',
          expandedRowRender: (domain) => (
            <Space direction="vertical" style={{ width: '100%' }}>
              {domain.errorMessage ? <Alert type="error" showIcon message={domain.errorMessage} /> : null}
              <Typography.Text>{t('tenants.domains.records')}</Typography.Text>
              <Table
                size="small"
                rowKey={(record) => `${record.type}-${record.name}`}
                pagination={false}
                dataSource={domain.dnsRecords}
                columns={(['type', 'name', 'value'] as const).map((key) => ({
                  key,
                  dataIndex: key,
                  title: t(`tenants.domains.record_${key}`),
                  render: (value: string) => <Typography.Text copyable>{value}</Typography.Text>,
                }))}
              />
            </Space>
          ),
        }}
        columns={[
          { key: 'domain', dataIndex: 'domain', title: t('tenants.domains.domain') },
          {
            key: 'status',
            title: t('tenants.domains.status'),
            render: (_, domain) => (
              <Tag color={statusColors[domain.status]}>{t(`tenants.domains.status_${domain.status}`)}</Tag>
            ),
          },
          {
            key: 'actions',
            align: 'end',
            render: (_, domain) => (
              <Popconfirm
                title={t('tenants.domains.remove_confirm', { domain: domain.domain })}
                okText={t('tenants.domains.remove')}
                okButtonProps={{ danger: true }}
                onConfirm={() =>
                  send('delete', apiPath(apiRoutes.domain.item, { id: domain.id })).catch(() => undefined)
                }
              >
                <Button danger>{t('tenants.domains.remove')}</Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </Space>
  );
};
