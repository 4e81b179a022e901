import { readFileSync } from 'node:fs';

/**
 * The running release and the latest one a configurable feed announces (RELEASE_FEED_URL; spec §7: a GET whose
 * `latestRelease` names it, failures only logged). The feed is read at most once an hour; without a feed, or while it
 * fails, no newer release is known.
 */

const FEED_TTL_MS = 60 * 60 * 1000;
const FEED_TIMEOUT_MS = 5000;

export const currentVersion: string = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** Compares dotted release numbers (`1.10.0` after `1.9.2`); a leading `v` and a pre-release suffix are ignored. */
export const isNewer = (candidate: string, current: string): boolean => {
  const parts = (version: string) =>
    version
      .replace(/^v/, '')
      .split('-')[0]
      ?.split('.')
      .map((part) => Number.parseInt(part, 10) || 0) ?? [];
  const [a, b] = [parts(candidate), parts(current)];
  for (let index = 0; index < Math.max(a.length, b.length); index++) {
    const difference = (a[index] ?? 0) - (b[index] ?? 0);
    if (difference !== 0) return difference > 0;
  }
  return false;
};

const latestOf = (body: unknown): string | undefined => {
  const latest = (body as { latestRelease?: unknown } | null)?.latestRelease;
  if (typeof latest === 'string') return latest;
  const version = (latest as { version?: unknown } | null | undefined)?.version;
  return typeof version === 'string' ? version : undefined;
};

export const releaseFeed = (url: string | undefined, onError: (error: unknown) => void) => {
  let known: { at: number; latest: string | undefined } | undefined;
  const read = async () => {
    if (!url) return undefined;
    if (known && Date.now() - known.at < FEED_TTL_MS) return known.latest;
    let latest: string | undefined;
    try {
      const answer = await fetch(url, { signal: AbortSignal.timeout(FEED_TIMEOUT_MS) });
      if (!answer.ok) throw new Error(`the release feed answered ${answer.status}`);
      latest = latestOf(await answer.json());
    } catch (error) {
      onError(error);
    }
    known = { at: Date.now(), latest };
    return latest;
  };
  return {
    /** The running version, the feed's latest (null when unknown) and whether it is newer. */
    async status() {
      const latest = await read();
      return {
        version: currentVersion,
        latestRelease: latest ?? null,
        updateAvailable: latest !== undefined && isNewer(latest, currentVersion),
      };
    },
  };
};

export type ReleaseFeed = ReturnType<typeof releaseFeed>;
