/**
 * How a list counts its `Total-Number`, as a client asks with PostgREST's preference (`Prefer: count=…`, RFC 7240):
 * `exact` counts every row (the default, Logto's), `planned` answers the query planner's estimate without reading
 * the rows, `estimated` counts up to a threshold and takes the planner's estimate above it.
 */
export const countModes = ['exact', 'planned', 'estimated'] as const;
export type CountMode = (typeof countModes)[number];

/** Says the `Total-Number` is the planner's estimate rather than a count (absent when it is exact). */
export const ESTIMATED_HEADER = 'Total-Number-Is-Estimated';
/** The preferences a response honoured (RFC 7240), e.g. `count=estimated`. */
export const PREFERENCE_APPLIED_HEADER = 'Preference-Applied';
/** The rows `count=estimated` counts exactly before it takes the planner's estimate instead. */
export const DEFAULT_COUNT_THRESHOLD = 1_000;
