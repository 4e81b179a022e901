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
 * The entities' and features' sidebar entries the caller may open, by group; the current page's entry is marked
 * (`aria-current`). Plain links styled by `.gh-sidebar-*`: a navigation draws them again, and the component library's
 * menu re-rendered every item with its observers and styles on each click. Hovering or focusing an entry fetches what
 * its page needs (models, code), so the click draws at once.
 */
export const Sidebar = ({ entries = sidebarEntries }: { entries?: readonly SidebarEntry[] }) => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { allows } = useAccess();
  const sections = useMemo(() => sidebarSectionsFor(sidebarGroups, entries, allows), [entries, allows]);
  const selected = sections
    .flatMap((section) => section.items)
    .find((item) => pathname === `/${item.route}` || pathname.startsWith(`/${item.route}/`))?.route;

  return (
    <nav className="gh-sidebar" aria-label={t('layout.sidebar')}>
      {sections.map((section) => {
        const titleId = `gh-sidebar-${section.group}`;
        return (
          <div key={section.group} className="gh-sidebar-group">
            <div id={titleId} className="gh-sidebar-group-title">
              {t(sidebarGroupKey(section.group))}
            </div>
            <ul className="gh-sidebar-list" aria-labelledby={titleId}>
              {section.items.map(({ route, icon: Icon, titleKey }) => (
                <li key={route}>
                  <Link
                    to={`/${route}`}
                    className="gh-sidebar-item"
                    aria-current={route === selected ? 'page' : undefined}
                    onMouseEnter={() => prefetchPath(`/${route}`)}
                    onFocus={() => prefetchPath(`/${route}`)}
                  >
                    {Icon && (
                      <span className="gh-sidebar-icon" aria-hidden="true">
                        <Icon />
                      </span>
                    )}
                    <span className="gh-sidebar-label">{t(titleKey)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </nav>
  );
};
