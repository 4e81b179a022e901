import { Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { sidebarGroupKey } from '../../shared/text-keys';
import { sidebarSections } from '../registry';
import { SidebarIcon } from './icons';

export const Sidebar = () => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const selected = sidebarSections
    .flatMap((section) => section.items)
    .find((item) => pathname === `/${item.route}` || pathname.startsWith(`/${item.route}/`));

  const items: MenuProps['items'] = sidebarSections.map((section) => ({
    type: 'group',
    key: section.group,
    label: t(sidebarGroupKey(section.group)),
    children: section.items.map((item) => ({
      key: item.route,
      icon: <SidebarIcon name={item.sidebar?.icon ?? ''} />,
      label: <Link to={`/${item.route}`}>{t(item.sidebar?.titleKey ?? item.titleKey)}</Link>,
    })),
  }));

  return (
    <nav className="gh-sidebar" aria-label={t('layout.sidebar')}>
      <Menu mode="inline" items={items} selectedKeys={selected ? [selected.route] : []} className="gh-sidebar-menu" />
    </nav>
  );
};
