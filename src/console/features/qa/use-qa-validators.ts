import { useEffect, useState } from 'react';
import { qaValidators } from '../../../generated/qa-validators';
import { addValidators } from '../../rjsf/validator';

const loading = new Map<string, Promise<void>>();
const ready = new Set<string>();

/** Adds the validators of the entity's forms only the gallery renders (none for most entities) to the forms' table. */
const loadQaValidators = (entity: string): Promise<void> => {
  let promise = loading.get(entity);
  if (!promise) {
    const load = qaValidators[entity];
    promise = (load ? load().then(({ validators }) => addValidators(validators)) : Promise.resolve()).then(
      () => void ready.add(entity),
      (error: unknown) => {
        // A failed download is tried again when the entity's forms are shown next.
        loading.delete(entity);
        throw error;
      },
    );
    loading.set(entity, promise);
  }
  return promise;
};

/**
 * Whether the gallery's own validators of the entity's forms are in the table yet (loading them when not): its
 * create dialog and settings tabs come with the entity's console model, its action bodies with this.
 */
export const useQaValidators = (entity: string): { ready: boolean; error?: unknown; retry: () => void } => {
  const [state, setState] = useState<{ entity: string; error?: unknown }>();
  const [attempt, setAttempt] = useState(0);
  const retry = () => {
    setState(undefined);
    setAttempt((count) => count + 1);
  };
  useEffect(() => {
    // A retry is a new attempt: the effect runs again for it.
    void attempt;
    if (ready.has(entity)) return;
    let current = true;
    loadQaValidators(entity).then(
      () => current && setState({ entity }),
      (error: unknown) => current && setState({ entity, error }),
    );
    return () => {
      current = false;
    };
  }, [entity, attempt]);
  if (ready.has(entity)) return { ready: true, retry };
  return state?.entity === entity && state.error
    ? { ready: false, error: state.error, retry }
    : { ready: false, retry };
};
