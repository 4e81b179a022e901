import { useDeferredValue, useMemo } from 'react';

/** Rows drawn in a list's first frame, about a screenful; the rest of the page follows a frame later. */
export const FIRST_ROWS = 10;

/**
 * The rows a table draws now: on its first render only the first screenful, so a page shows its heading and first
 * rows at once; React renders the rest in the background right after. `complete` is false until it has, for what
 * sits below the rows (a pager).
 */
export const useFirstScreenful = <T>(rows: T[]) => {
  const first = useMemo(() => (rows.length > FIRST_ROWS ? rows.slice(0, FIRST_ROWS) : rows), [rows]);
  const shown = useDeferredValue(rows, first);
  return { shown, complete: shown.length === rows.length };
};
