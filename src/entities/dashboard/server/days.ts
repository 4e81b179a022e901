const DAY_MS = 24 * 60 * 60 * 1000;

/** Days as the dashboard counts them: UTC calendar days, named `YYYY-MM-DD`. */
export const dayName = (at: number): string => new Date(at).toISOString().slice(0, 10);

/** The start (UTC) of the day `days` after the one holding `at` (before it when negative). */
export const dayStart = (at: number, days = 0): number => (Math.floor(at / DAY_MS) + days) * DAY_MS;

/** The start of a named day (`2024-05-01`), already checked against the `date` format. */
export const startOfNamedDay = (name: string): number => Date.parse(`${name}T00:00:00Z`);

/** The names of `count` days ending with the one holding `at`, oldest first. */
export const daysUpTo = (at: number, count: number): string[] =>
  Array.from({ length: count }, (_, index) => dayName(dayStart(at, index - count + 1)));

/** An instant as a query parameter (`$n::timestamptz`). */
export const instant = (at: number): string => new Date(at).toISOString();
