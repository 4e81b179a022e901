/** Edits (insert, delete, replace one character) that turn `a` into `b`. */
const distance = (a: string, b: string): number => {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (row[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = row;
  }
  return previous[b.length] ?? 0;
};

/**
 * The known names an unknown one was probably meant to be (at most `limit`, by name): those starting with it, whatever
 * the case, else the fewest typos away from it or from their stem (`stem` strips what every name of a family ends
 * with, as `Outlined` in `TeamOutlined`), if that is only a few.
 */
export const nearNames = (
  name: string,
  known: Iterable<string>,
  stem: (known: string) => string = (value) => value,
  limit = 5,
): string[] => {
  const wanted = name.toLowerCase();
  const allowed = Math.max(2, Math.floor(wanted.length / 3));
  const scored = [...known].map((candidate) => {
    const lower = candidate.toLowerCase();
    const score = lower.startsWith(wanted)
      ? 0
      : Math.min(distance(wanted, lower), distance(wanted, stem(candidate).toLowerCase()));
    return { candidate, score };
  });
  const best = Math.min(...scored.map(({ score }) => score));
  return scored
    .filter(({ score }) => score === best && score <= allowed)
    .map(({ candidate }) => candidate)
    .sort()
    .slice(0, limit);
};
