/**
 * The guard against a sign-in loop: the times of recent 401-triggered sign-ins, kept in tab-scoped storage. Two
 * within the window, and the third 401 shows an error instead of redirecting again.
 */
export const REAUTH_WINDOW_MS = 2 * 60_000;
export const REAUTH_LIMIT = 2;
const reauthKey = 'gatehouse.auth.reauth';

export const readReauth = (storage: Storage | undefined): number[] => {
  try {
    const parsed = JSON.parse(storage?.getItem(reauthKey) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter((value): value is number => typeof value === 'number') : [];
  } catch {
    return [];
  }
};

export const writeReauth = (storage: Storage | undefined, values: number[]) => {
  try {
    storage?.setItem(reauthKey, JSON.stringify(values));
  } catch {
    // Without storage the guard lasts for this page only.
  }
};

export const clearReauth = (storage: Storage | undefined) => storage?.removeItem(reauthKey);
