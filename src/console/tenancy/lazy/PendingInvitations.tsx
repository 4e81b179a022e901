import { Button, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cloudApi, type ReceivedInvitation } from './cloud-api';

/** The account's pending invitations (spec §2), each with its tenant's name and tag and a Join button. */
export const PendingInvitations = () => {
  const { t } = useTranslation();
  const [invitations, setInvitations] = useState<ReceivedInvitation[]>([]);
  useEffect(() => {
    cloudApi.receivedInvitations().then(
      (all) => setInvitations(all.filter((invitation) => invitation.status === 'Pending')),
      () => setInvitations([]),
    );
  }, []);
  if (invitations.length === 0) return null;
  return (
    <section aria-label={t('tenants.invitations.title')}>
      <Typography.Title level={2}>{t('tenants.invitations.title')}</Typography.Title>
      <ul className="gh-tenant-list">
        {invitations.map((invitation) => (
          <li key={invitation.id}>
            <span className="gh-tenant-list-name">{invitation.tenantName}</span>
            <Tag>{t(`tenants.tag.${invitation.tenantTag}`)}</Tag>
            <Button
              type="primary"
              href={`/console/accept/${invitation.id}`}
              aria-label={`${t('tenants.invitations.join')} ${invitation.tenantName}`}
            >
              {t('tenants.invitations.join')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
};
