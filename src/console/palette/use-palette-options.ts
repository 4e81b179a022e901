import { type BaseRecord, useDataProvider } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsoleResource } from '../../shared/descriptor';
import { useAccess } from '../access/AccessContext';
import { sidebarEntries } from '../feature-modules/registry';
import { useRunAction } from '../generic/detail-actions';
import { SEARCH_FIELD } from '../providers/data-provider';
import { allEntries, isShownFor, loadModels, recordTitle, requireResource } from '../registry';

/** One choice of the palette: a page to open, an item to open, or an item's action to run. */
export interface PaletteOption {
  id: string;
  group: string;
  label: string;
  /** A second line: the item's id, or the page it belongs to. */
  hint?: string;
  run: () => void;
}

const ITEMS_PER_ENTITY = 5;
const DEBOUNCE_MS = 200;

const useDebounced = (value: string) => {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return debounced;
};

/**
 * What the palette offers for the typed text: the sidebar's pages the caller may open whose name matches; the items of
 * the entities marked for the palette that the list routes' search finds (by name or id, a few of each); and the
 * detail actions that apply to each item found ("Suspend user: Ada").
 */
export const usePaletteOptions = (term: string, navigate: (path: string) => void) => {
  const { t } = useTranslation();
  const access = useAccess();
  const dataProvider = useDataProvider();
  const runAction = useRunAction();
  const searched = useDebounced(term.trim());
  const entities = useMemo(
    () => allEntries.filter((entry) => entry.palette && access.allows(entry.requiredScopes.read)),
    [access],
  );
  const found = useQuery({
    queryKey: ['palette', searched, entities.map((entry) => entry.name).join(',')],
    enabled: searched.length > 0,
    queryFn: async () => {
      await loadModels(entities.map((entry) => entry.name));
      const { getList } = dataProvider();
      return Promise.all(
        entities.map(async (entry) => {
          const resource = requireResource(entry.name);
          const { data } = await getList<BaseRecord>({
            resource: entry.name,
            pagination: { currentPage: 1, pageSize: ITEMS_PER_ENTITY, mode: 'server' },
            filters: [{ field: SEARCH_FIELD, operator: 'contains', value: searched }],
          }).catch(() => ({ data: [] as BaseRecord[] }));
          return { resource, records: data };
        }),
      );
    },
  });

  const needle = term.trim().toLowerCase();
  const pages: PaletteOption[] = sidebarEntries
    .filter((entry) => access.allows(entry.scopes))
    .map((entry) => ({ entry, label: t(entry.titleKey) }))
    .filter(({ label }) => !needle || label.toLowerCase().includes(needle))
    .map(({ entry, label }) => ({
      id: `page:${entry.route}`,
      group: t('palette.pages'),
      label,
      hint: `/${entry.route}`,
      run: () => navigate(`/${entry.route}`),
    }));

  const itemOptions = (resource: ConsoleResource, record: BaseRecord): PaletteOption[] => {
    const id = String(record.id);
    const name = String(recordTitle(resource, record) || id);
    const open = {
      id: `item:${resource.name}:${id}`,
      group: t(resource.sidebar?.titleKey ?? resource.titleKey),
      label: name,
      hint: id,
      run: () => navigate(`/${resource.route}/${encodeURIComponent(id)}`),
    };
    const actions = (resource.detail?.actions ?? [])
      .filter((action) => isShownFor(record, action.when) && access.canWrite(resource))
      .map((action) => ({
        id: `action:${resource.name}:${id}:${action.key}`,
        group: t('palette.actions'),
        label: t('palette.action_on', { action: t(action.titleKey), name }),
        hint: id,
        run: () => runAction(action, record, name),
      }));
    return [open, ...actions];
  };
  const results = searched && searched === term.trim() ? (found.data ?? []) : [];
  const items = results.flatMap(({ resource, records }) => records.flatMap((record) => itemOptions(resource, record)));
  // Actions after every item, in a group of their own.
  const options = [
    ...pages,
    ...items.filter((option) => !option.id.startsWith('action:')),
    ...items.filter((option) => option.id.startsWith('action:')),
  ];
  return { options, searching: searched.length > 0 && (found.isFetching || searched !== term.trim()) };
};
