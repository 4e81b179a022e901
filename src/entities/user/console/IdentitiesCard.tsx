import { Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useResourceAccess } from '../../../console/access/AccessContext';
import { ActionListCard, type ActionListColumn } from '../../../console/generic/ActionListCard';
import type { OverrideProps } from '../../../console/generic/override-types';
import { recordTitle } from '../../../console/registry';
import { apiRoutes } from '../../../generated/api-paths';
import type { UserAllIdentitiesResponse } from '../../../generated/types';
import { apiPath } from '../../../shared/api-path';

/** One identity of the user: social (by connector target, can be unlinked) or enterprise SSO (listed only). */
export interface IdentityRow {
  kind: 'social' | 'sso';
  /** The social connector's target, or the SSO connector's id. */
  target: string;
  /** The user's id at the identity provider. */
  providerUserId: string;
}

/** The rows of `GET /users/{userId}/all-identities`: social identities first, then SSO ones. */
export const identityRows = (answer: unknown): IdentityRow[] => {
  const { socialIdentities = [], ssoIdentities = [] } = (answer ?? {}) as Partial<UserAllIdentitiesResponse>;
  return [
    ...socialIdentities.map(({ target, identity }) => ({
      kind: 'social' as const,
      target,
      providerUserId: identity.userId,
    })),
    ...ssoIdentities.map(({ ssoConnectorId, ssoIdentity }) => ({
      kind: 'sso' as const,
      target: ssoConnectorId,
      providerUserId: ssoIdentity.identityId,
    })),
  ];
};

/**
 * The user's social and enterprise SSO identities; a social one is unlinked
 * (`DELETE /api/users/{userId}/identities/{target}`) after a confirmation, by a caller who may write users.
 */
export const IdentitiesCard = ({ resource, record }: OverrideProps) => {
  const { t } = useTranslation();
  const { write } = useResourceAccess(resource);
  const params = useMemo(() => ({ userId: String(record.id) }), [record.id]);
  const name = recordTitle(resource, record);
  const columns = useMemo(
    (): ActionListColumn<IdentityRow>[] => [
      { key: 'target', title: t('users.identities.column.connector'), render: (row) => row.target },
      {
        key: 'kind',
        title: t('users.identities.column.kind'),
        render: (row) => <Tag>{t(`users.identities.kind.${row.kind}`)}</Tag>,
      },
      {
        key: 'providerUserId',
        title: t('users.identities.column.provider_user_id'),
        render: (row) => <code>{row.providerUserId}</code>,
      },
    ],
    [t],
  );
  return (
    <ActionListCard<IdentityRow>
      title={t('users.identities.title')}
      description={t('users.identities.description')}
      path={apiRoutes.user.actions.allIdentities}
      params={params}
      select={identityRows}
      rowKey={(row) => `${row.kind}:${row.target}`}
      columns={columns}
      emptyText={t('users.identities.empty')}
      write={write}
      remove={{
        path: (row) => apiPath(apiRoutes.user.actions.identityDelete, { ...params, target: row.target }),
        applies: (row) => row.kind === 'social',
        text: t('users.identities.unlink'),
        label: (row) => t('users.identities.unlink_named', { target: row.target }),
        confirmTitle: (row) => t('users.identities.unlink_title', { target: row.target }),
        confirmText: (row) => t('users.identities.unlink_confirm', { target: row.target, name }),
        doneText: (row) => t('users.identities.unlinked', { target: row.target }),
      }}
    />
  );
};
