/**
 * Logto's reading of a flag in a query string (`showFeatured`, `includeScopes`, `enableCap`, …): any of these words,
 * whatever their letter case, turns it on; anything else, or no value, leaves it off.
 */
export const TRUTHY_FLAG_WORDS = ['1', 'true', 'y', 'yes', 'yep', 'yeah'] as const;

/** Whether a query value turns a flag on; with repeated parameters the first value decides. */
export const isFlagOn = (value: unknown): boolean => {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && (TRUTHY_FLAG_WORDS as readonly string[]).includes(first.toLowerCase());
};

/** How the OpenAPI document describes a flag's values. */
export const FLAG_VALUES_TEXT = `a truthy value (${TRUTHY_FLAG_WORDS.join(', ')})`;
