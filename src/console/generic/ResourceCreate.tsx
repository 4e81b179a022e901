import { useLocation, useNavigate } from 'react-router';
import type { ConsoleResource } from '../../shared/descriptor';
import { detailPath } from '../registry';
import { CreateFormModal } from './CreateFormModal';

/**
 * `/<route>/create` (or `/<route>/<view>/create`): the create modal over the list, sending the view's create values
 * with the form; success opens the new item's detail page.
 */
export const ResourceCreate = ({ resource, view }: { resource: ConsoleResource; view?: string | undefined }) => {
  const navigate = useNavigate();
  const { search } = useLocation();
  const fixed = resource.list.views?.find((item) => item.key === view)?.createValues;
  return (
    <CreateFormModal
      resource={resource}
      {...(fixed ? { fixed } : {})}
      onClose={() => navigate({ pathname: view ? `/${resource.route}/${view}` : `/${resource.route}`, search })}
      onCreated={(record) => {
        const id = record.id;
        navigate(typeof id === 'string' || typeof id === 'number' ? detailPath(resource, id) : `/${resource.route}`);
      }}
    />
  );
};
