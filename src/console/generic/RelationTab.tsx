import type { FilteredList } from '../../shared/descriptor';
import type { DetailContext } from './detail-context';
import { NotFound } from './NotFound';
import { ChildrenRelationTab } from './relations/ChildrenRelationTab';
import { FilteredListCard } from './relations/FilteredListCard';
import { LinkedRelationTab } from './relations/LinkedRelationTab';

/**
 * A relation tab: child records (e.g. an API resource's permissions) or assigned records (a role's permissions).
 * `more` relations are listed below the first, each in a titled card (an organization role's API permissions), then
 * `lists` of other entities' records naming this item (an organization's invitations).
 */
export const RelationTab = ({
  relationName,
  more = [],
  lists = [],
  assignFilters,
  openTarget,
  ...context
}: DetailContext & {
  relationName: string;
  more?: string[] | undefined;
  lists?: FilteredList[] | undefined;
  openTarget?: boolean | undefined;
  assignFilters?: Record<string, string> | undefined;
}) => {
  const names = [relationName, ...more];
  const relations = names.map((name) => context.resource.relations.find((item) => item.name === name));
  if (relations.some((relation) => !relation)) return <NotFound />;
  const titled = names.length + lists.length > 1;
  return (
    <div className="gh-relation-stack">
      {relations.map((relation) =>
        !relation ? null : relation.kind === 'children' ? (
          <ChildrenRelationTab key={relation.name} relation={relation} {...context} />
        ) : (
          <LinkedRelationTab
            key={relation.name}
            relation={relation}
            assignFilters={relation.name === relationName ? assignFilters : undefined}
            titled={titled}
            openTarget={openTarget}
            {...context}
          />
        ),
      )}
      {lists.map((list) => (
        <FilteredListCard key={list.entity} list={list} {...context} />
      ))}
    </div>
  );
};
