import type { DetailContext } from './detail-context';
import { NotFound } from './NotFound';
import { ChildrenRelationTab } from './relations/ChildrenRelationTab';
import { LinkedRelationTab } from './relations/LinkedRelationTab';

/** A relation tab: child records (e.g. an API resource's permissions) or assigned records (a role's permissions). */
export const RelationTab = ({
  relationName,
  assignFilters,
  ...context
}: DetailContext & { relationName: string; assignFilters?: Record<string, string> | undefined }) => {
  const relation = context.resource.relations.find((item) => item.name === relationName);
  if (!relation) return <NotFound />;
  return relation.kind === 'children' ? (
    <ChildrenRelationTab relation={relation} {...context} />
  ) : (
    <LinkedRelationTab relation={relation} assignFilters={assignFilters} {...context} />
  );
};
