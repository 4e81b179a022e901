import { useLocation, useNavigate } from 'react-router';
import type { ConsoleResource } from '../../shared/descriptor';
import { detailPath } from '../registry';
import { CreateFormModal } from './CreateFormModal';

/** `/<route>/create`: the create modal over the list; success opens the new item's detail page. */
export const ResourceCreate = ({ resource }: { resource: ConsoleResource }) => {
  const navigate = useNavigate();
  const { search } = useLocation();
  return (
    <CreateFormModal
      resource={resource}
      onClose={() => navigate({ pathname: `/${resource.route}`, search })}
      onCreated={(record) => {
        const id = record.id;
        navigate(typeof id === 'string' || typeof id === 'number' ? detailPath(resource, id) : `/${resource.route}`);
      }}
    />
  );
};
