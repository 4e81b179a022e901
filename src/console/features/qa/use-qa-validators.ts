import { useQuery } from '@tanstack/react-query';
import { qaValidators } from '../../../generated/qa-validators';
import { addValidators } from '../../rjsf/validator';

/** Adds the validators of the entity's forms only the gallery renders (none for most entities) to the forms' table. */
const loadQaValidators = async (entity: string): Promise<true> => {
  const load = qaValidators[entity];
  if (load) addValidators((await load()).validators);
  return true;
};

/**
 * Whether the gallery's own validators of the entity's forms are in the table yet (loading them when not): its
 * create dialog and settings tabs come with the entity's console model, its action bodies with this.
 */
export const useQaValidators = (entity: string): { ready: boolean; error?: unknown; retry: () => void } => {
  const query = useQuery({
    queryKey: ['qa-validators', entity],
    queryFn: () => loadQaValidators(entity),
    // Loaded once per page life: the table keeps them.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const retry = () => void query.refetch();
  return query.isError ? { ready: false, error: query.error, retry } : { ready: query.isSuccess, retry };
};
