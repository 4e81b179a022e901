import { Menu, type MenuProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { sidebarGroupKey } from '../../shared/text-keys';
import { useAccess } from '../access/AccessContext';
import { type SidebarEntry, sidebarSectionsFor } from '../feature-modules/navigation';
import { sidebarEntries } from '../feature-modules/registry';
import { prefetchPath } from '../navigation/prefetch';
import { sidebarGroups } from '../registry';

/**
 * The entities' and features' sidebar entries the caller may open, by group. Hovering or focusing one fetches what
 * its page needs (models, code), so the click draws at once.
 */
export const Sidebar = ({ entries = sidebarEntries }: { entries?: readonly SidebarEntry[] }) => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { allows } = useAccess();
  const sections = useMemo(() => sidebarSectionsFor(sidebarGroups, entries, allows), [entries, allows]);
  const selected = sections
    .flatMap((section) => section.items)
    .find((item) => pathname === `/${item.route}` || pathname.startsWith(`/${item.route}/`));

  // The same items on every navigation (only the selection moves), so a click does not rebuild the menu.
  const items: MenuProps['items'] = useMemo(
    () =>
      sections.map((section) => ({
        type: 'group',
        key: section.group,
        label: t(sidebarGroupKey(section.group)),
        children: section.items.map(({ route, icon: Icon, titleKey }) => ({
          key: route,
          icon: Icon && <Icon />,
          label: (
            <Link
              to={`/${route}`}
              onMouseEnter={() => prefetchPath(`/${route}`)}
              onFocus={() => prefetchPath(`/${route}`)}
            >
              {t(titleKey)}
            </Link>
          ),
        })),
      })),
    [sections, t],
  );

  return (
    <nav className="gh-sidebar" aria-label={t('layout.sidebar')}>
      <Menu mode="inline" items={items} selectedKeys={selected ? [selected.route] : []} className="gh-sidebar-menu" />
    </nav>
  );
};
