import { FileTextOutlined, QuestionCircleOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tag } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { lazyPage } from '../navigation/lazy-page';
import { openPalette } from '../palette/open-palette';
import { isCloud } from '../tenancy/edition';
import { apiReferenceUrl, docsUrl } from './config';
import { Logo } from './Logo';
import { UserMenu } from './UserMenu';

/** The cloud's tenant selector, loaded only by the cloud console. */
const TenantSwitcher = lazyPage(() => import('../tenancy/lazy/TenantSwitcher').then((m) => m.TenantSwitcher));
/** The self-hosted release badge, loaded apart from the first load. */
const VersionBadge = lazyPage(() => import('./VersionBadge').then((m) => m.VersionBadge));
/** The contact dialog, loaded when it is opened. */
const ContactDialog = lazyPage(() => import('./ContactDialog').then((m) => m.ContactDialog));

export const TopBar = () => {
  const { t } = useTranslation();
  const [contact, setContact] = useState(false);
  return (
    <header className="gh-topbar">
      <Link to="/" className="gh-topbar-home" aria-label={t('layout.home')}>
        <Logo />
      </Link>
      <span className="gh-topbar-divider" aria-hidden="true" />
      {isCloud() ? (
        <Suspense fallback={null}>
          <TenantSwitcher />
        </Suspense>
      ) : (
        <>
          <span className="gh-topbar-title">{t('layout.self_hosted')}</span>
          <Tag bordered={false} className="gh-topbar-badge">
            {t('layout.edition_oss')}
          </Tag>
          <Suspense fallback={null}>
            <VersionBadge />
          </Suspense>
        </>
      )}
      <span className="gh-topbar-spacer" />
      <Button type="text" icon={<SearchOutlined />} onClick={openPalette} aria-keyshortcuts="Control+K Meta+K">
        {t('palette.open')}
      </Button>
      <Button type="text" icon={<FileTextOutlined />} href={docsUrl} target="_blank" rel="noopener noreferrer">
        {t('layout.docs')}
      </Button>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            {
              key: 'docs',
              label: (
                <a href={docsUrl} target="_blank" rel="noopener noreferrer">
                  {t('layout.help.docs')}
                </a>
              ),
            },
            {
              key: 'api-reference',
              label: (
                <a href={apiReferenceUrl} target="_blank" rel="noopener noreferrer">
                  {t('layout.help.api_reference')}
                </a>
              ),
            },
            { key: 'contact', label: t('layout.help.contact'), onClick: () => setContact(true) },
          ],
        }}
      >
        <Button type="text" icon={<QuestionCircleOutlined />}>
          {t('layout.help.title')}
        </Button>
      </Dropdown>
      <UserMenu />
      {contact ? (
        <Suspense fallback={null}>
          <ContactDialog onClose={() => setContact(false)} />
        </Suspense>
      ) : null}
    </header>
  );
};
