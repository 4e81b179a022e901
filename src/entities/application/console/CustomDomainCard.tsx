import { useCustomMutation, useNotification } from '@refinedev/core';
import { Button, Input, Space, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useResourceAccess } from '../../../console/access/AccessContext';
import { ActionListCard, type ActionListColumn } from '../../../console/generic/ActionListCard';
import type { OverrideProps } from '../../../console/generic/override-types';
import { requestFailed } from '../../../console/generic/request-failed';
import type { ApiError } from '../../../console/providers/http';
import { apiRoutes } from '../../../generated/api-paths';
import { apiPath } from '../../../shared/api-path';

/** A protected app's custom domain as `GET …/protected-app-metadata/custom-domains` answers it. */
export interface CustomDomainRow {
  domain: string;
  status: 'PendingVerification' | 'PendingSsl' | 'Active' | 'Error';
  errorMessage: string | null;
  dnsRecords: { type: string; name: string; value: string }[];
}

// Pending states keep the default tag: the blue one is below AA contrast on the dark theme.
const statusColor = { Active: 'success', Error: 'error', PendingVerification: undefined, PendingSsl: undefined };
const rowsOf = (answer: unknown) => (Array.isArray(answer) ? (answer as CustomDomainRow[]) : []);

/** The form adding the app's custom domain (one at most), shown while it has none. */
const AddDomain = ({ id, reload }: { id: string; reload: () => Promise<unknown> }) => {
  const { t } = useTranslation();
  const { open } = useNotification();
  const [domain, setDomain] = useState('');
  const { mutateAsync, mutation } = useCustomMutation<Record<string, unknown>, ApiError>();
  const add = async () => {
    try {
      await mutateAsync({
        url: apiPath(apiRoutes.application.actions.customDomainCreate, { id }),
        method: 'post',
        values: { domain: domain.trim() },
        successNotification: false,
        errorNotification: false,
      });
      setDomain('');
      await reload();
    } catch (error) {
      open?.(requestFailed(t, error));
    }
  };
  return (
    <Space.Compact className="gh-custom-domain-add">
      <Input
        aria-label={t('applications.custom_domain.domain')}
        placeholder={t('applications.custom_domain.placeholder')}
        value={domain}
        onChange={(event) => setDomain(event.target.value)}
        onPressEnter={() => void add()}
      />
      <Button type="primary" loading={mutation.isPending} disabled={!domain.trim()} onClick={() => void add()}>
        {t('applications.custom_domain.add')}
      </Button>
    </Space.Compact>
  );
};

/** The records to add at the DNS provider, one per line. */
const Records = ({ row }: { row: CustomDomainRow }) => (
  <div className="gh-dns-records">
    {row.dnsRecords.map((record) => (
      <div key={`${record.type}:${record.name}`}>
        <Tag>{record.type}</Tag> <code>{record.name}</code> → <code>{record.value}</code>
      </div>
    ))}
  </div>
);

const DomainsOfApp = ({ resource, record }: OverrideProps) => {
  const { t } = useTranslation();
  const { write } = useResourceAccess(resource);
  const id = String(record.id);
  const params = useMemo(() => ({ id }), [id]);
  const columns = useMemo(
    (): ActionListColumn<CustomDomainRow>[] => [
      { key: 'domain', title: t('applications.custom_domain.domain'), render: (row) => <code>{row.domain}</code> },
      {
        key: 'status',
        title: t('applications.custom_domain.status'),
        render: (row) => (
          <Tag color={statusColor[row.status]} title={row.errorMessage ?? undefined}>
            {t(`applications.custom_domain.status_${row.status}`)}
          </Tag>
        ),
      },
      { key: 'records', title: t('applications.custom_domain.records'), render: (row) => <Records row={row} /> },
    ],
    [t],
  );
  return (
    <ActionListCard<CustomDomainRow>
      title={t('applications.custom_domain.title')}
      description={t('applications.custom_domain.description')}
      path={apiRoutes.application.actions.customDomains}
      params={params}
      select={rowsOf}
      rowKey={(row) => row.domain}
      columns={columns}
      emptyText={t('applications.custom_domain.empty')}
      write={write}
      remove={{
        path: (row) => apiPath(apiRoutes.application.actions.customDomainDelete, { id, domain: row.domain }),
        text: t('applications.custom_domain.remove'),
        label: (row) => t('applications.custom_domain.remove_named', { domain: row.domain }),
        confirmTitle: (row) => t('applications.custom_domain.remove_title', { domain: row.domain }),
        confirmText: () => t('applications.custom_domain.remove_confirm'),
        doneText: (row) => t('applications.custom_domain.removed', { domain: row.domain }),
      }}
      footer={(rows, reload) => (rows.length === 0 ? <AddDomain id={id} reload={reload} /> : null)}
    />
  );
};

/**
 * A protected app's custom domain: its status as DNS has it and the records to add (a CNAME to the app's host, a
 * TXT challenge); one may be added while the app has none, and removed after a confirmation.
 */
export const CustomDomainCard = (props: OverrideProps) =>
  props.record.type === 'Protected' ? <DomainsOfApp {...props} /> : null;
