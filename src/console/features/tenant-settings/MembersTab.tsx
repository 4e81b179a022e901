import { Alert, Button, Card, Select, Table, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type TenantRole, tenantRoles } from '../../../shared/tenant-permissions';
import { useAccess } from '../../access/AccessContext';
import { cloudApi, type TenantInvitation, type TenantMember } from '../../tenancy/lazy/cloud-api';
import { tenancyShell } from '../../tenancy/shell';
import { InviteModal } from './InviteModal';

/**
 * The tenant's members with their roles (changed by those with update:member:role, removed by those with
 * remove:member) and its pending invitations (sent and withdrawn by those with invite:member).
 */
export const MembersTab = () => {
  const { t, i18n } = useTranslation();
  const { allows } = useAccess();
  const tenantId = tenancyShell.currentTenantId() as string;
  const [members, setMembers] = useState<TenantMember[]>();
  const [invitations, setInvitations] = useState<TenantInvitation[]>([]);
  const [inviting, setInviting] = useState(false);
  const [failure, setFailure] = useState<string>();

  const load = useCallback(() => {
    void cloudApi.members(tenantId).then(setMembers);
    void cloudApi
      .invitations(tenantId)
      .then((all) => setInvitations(all.filter((entry) => entry.status === 'Pending')));
  }, [tenantId]);
  useEffect(load, [load]);

  const attempt = async (change: () => Promise<unknown>) => {
    setFailure(undefined);
    try {
      await change();
      load();
    } catch (error) {
      setFailure((error as Error).message);
    }
  };
  const roleLabel = (role: string) => t(`tenants.role.${role}`);

  return (
    <>
      {failure ? <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} /> : null}
      <Card
        title={t('tenants.members.title')}
        extra={
          allows(['invite:member']) ? (
            <Button type="primary" onClick={() => setInviting(true)}>
              {t('tenants.members.invite')}
            </Button>
          ) : null
        }
      >
        <Table<TenantMember>
          rowKey="id"
          loading={!members}
          dataSource={members ?? []}
          pagination={false}
          columns={[
            {
              key: 'user',
              title: t('tenants.members.user'),
              render: (_, member) => member.name ?? member.username ?? member.primaryEmail ?? member.id,
            },
            { key: 'email', title: t('tenants.members.email'), render: (_, member) => member.primaryEmail ?? '—' },
            {
              key: 'role',
              title: t('tenants.members.role'),
              render: (_, member) =>
                allows(['update:member:role']) ? (
                  <Select<TenantRole>
                    aria-label={t('tenants.members.role_of', { name: member.username ?? member.id })}
                    value={member.role}
                    style={{ width: 160 }}
                    options={tenantRoles.map((role) => ({ value: role, label: roleLabel(role) }))}
                    onChange={(role) => void attempt(() => cloudApi.setRole(tenantId, member.id, role))}
                  />
                ) : (
                  <Tag>{roleLabel(member.role)}</Tag>
                ),
            },
            {
              key: 'actions',
              title: '',
              render: (_, member) =>
                allows(['remove:member']) ? (
                  <Button onClick={() => void attempt(() => cloudApi.removeMember(tenantId, member.id))}>
                    {t('tenants.members.remove')}
                  </Button>
                ) : null,
            },
          ]}
        />
      </Card>
      <Card title={t('tenants.members.invitations')} style={{ marginTop: 16 }}>
        <Table<TenantInvitation>
          rowKey="id"
          dataSource={invitations}
          pagination={false}
          locale={{ emptyText: t('tenants.members.no_invitations') }}
          columns={[
            { key: 'invitee', title: t('tenants.members.email'), dataIndex: 'invitee' },
            {
              key: 'role',
              title: t('tenants.members.role'),
              render: (_, invitation) => invitation.organizationRoles.map((role) => roleLabel(role.name)).join(', '),
            },
            {
              key: 'expires',
              title: t('tenants.members.expires'),
              render: (_, invitation) => new Date(invitation.expiresAt).toLocaleDateString(i18n.language),
            },
            {
              key: 'actions',
              title: '',
              render: (_, invitation) =>
                allows(['invite:member']) ? (
                  <Button onClick={() => void attempt(() => cloudApi.revokeInvitation(tenantId, invitation.id))}>
                    {t('tenants.members.revoke')}
                  </Button>
                ) : null,
            },
          ]}
        />
      </Card>
      {inviting ? (
        <InviteModal
          tenantId={tenantId}
          onClose={() => setInviting(false)}
          onInvited={() => {
            setInviting(false);
            load();
          }}
        />
      ) : null}
    </>
  );
};
