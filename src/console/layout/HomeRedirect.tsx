import { useMemo } from 'react';
import { Navigate } from 'react-router';
import { useAccess } from '../access/AccessContext';
import { sidebarSectionsFor } from '../feature-modules/navigation';
import { sidebarEntries } from '../feature-modules/registry';
import { Forbidden } from '../generic/result-pages';
import { sidebarGroups } from '../registry';

/** `/console` opens the first sidebar entry the caller may see; with none, the forbidden page. */
export const HomeRedirect = () => {
  const { allows } = useAccess();
  const first = useMemo(() => sidebarSectionsFor(sidebarGroups, sidebarEntries, allows)[0]?.items[0], [allows]);
  return first ? <Navigate to={`/${first.route}`} replace /> : <Forbidden />;
};
