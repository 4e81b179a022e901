import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useResourceAccess } from '../../../console/access/AccessContext';
import { ActionListCard, type ActionListColumn } from '../../../console/generic/ActionListCard';
import { formatDate } from '../../../console/generic/columns';
import type { OverrideProps } from '../../../console/generic/override-types';
import { recordTitle } from '../../../console/registry';
import { apiRoutes } from '../../../generated/api-paths';
import type { UserMfaVerificationsResponse } from '../../../generated/types';
import { apiPath } from '../../../shared/api-path';

export type MfaRow = UserMfaVerificationsResponse[number];

const mfaRows = (answer: unknown): MfaRow[] => (Array.isArray(answer) ? (answer as MfaRow[]) : []);

/**
 * The user's MFA factors (`GET /api/users/{userId}/mfa-verifications`): type, when added and last used; a factor is
 * removed (`DELETE …/mfa-verifications/{verificationId}`) after a confirmation, by a caller who may write users.
 */
export const MfaCard = ({ resource, record }: OverrideProps) => {
  const { t } = useTranslation();
  const { write } = useResourceAccess(resource);
  const params = useMemo(() => ({ userId: String(record.id) }), [record.id]);
  const name = recordTitle(resource, record);
  const typeOf = (row: MfaRow) => t(`users.mfa.type.${row.type}`);
  const columns = useMemo(
    (): ActionListColumn<MfaRow>[] => [
      {
        key: 'type',
        title: t('users.mfa.column.type'),
        render: (row) =>
          row.type === 'BackupCode' && row.remainCodes !== undefined
            ? t('users.mfa.backup_codes_left', { type: t(`users.mfa.type.${row.type}`), count: row.remainCodes })
            : t(`users.mfa.type.${row.type}`),
      },
      {
        key: 'createdAt',
        title: t('users.mfa.column.created'),
        render: (row) => <span className="gh-nowrap">{formatDate(row.createdAt)}</span>,
      },
      {
        key: 'lastUsedAt',
        title: t('users.mfa.column.last_used'),
        render: (row) => <span className="gh-nowrap">{formatDate(row.lastUsedAt)}</span>,
      },
    ],
    [t],
  );
  return (
    <ActionListCard<MfaRow>
      title={t('users.mfa.title')}
      description={t('users.mfa.description')}
      path={apiRoutes.user.actions.mfaVerifications}
      params={params}
      select={mfaRows}
      rowKey={(row) => row.id}
      columns={columns}
      emptyText={t('users.mfa.empty')}
      write={write}
      remove={{
        path: (row) => apiPath(apiRoutes.user.actions.mfaVerificationDelete, { ...params, verificationId: row.id }),
        text: t('actions.remove'),
        label: (row) => t('actions.remove_named', { name: typeOf(row) }),
        confirmTitle: (row) => t('users.mfa.remove_title', { type: typeOf(row) }),
        confirmText: (row) => t('users.mfa.remove_confirm', { type: typeOf(row), name }),
        doneText: (row) => t('users.mfa.removed', { type: typeOf(row) }),
      }}
    />
  );
};
