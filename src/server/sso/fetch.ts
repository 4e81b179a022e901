import { ApiError } from '../http/api-error.js';

const TIMEOUT_MS = 10_000;
/** What an identity provider publishes (discovery, metadata) is read again when a minute old. */
const FRESH_MS = 60_000;
const MAX_ENTRIES = 500;
const cache = new Map<string, { at: number; text: string }>();
const pending = new Map<string, Promise<string>>();

const download = (url: string) => {
  const running = pending.get(url);
  if (running) return running;
  const failed = (reason: string) => new ApiError('connector.invalid_config', {}, { reason, url });
  const started = (async () => {
    const answer = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) }).catch((error: unknown) => {
      throw failed(error instanceof Error ? error.message : 'unreachable');
    });
    if (!answer.ok) throw failed(`HTTP ${answer.status}`);
    const text = await answer.text();
    if (cache.size >= MAX_ENTRIES) cache.clear();
    cache.set(url, { at: Date.now(), text });
    return text;
  })().finally(() => pending.delete(url));
  pending.set(url, started);
  return started;
};

/** A provider's published document, read now unless a fresh copy is at hand; 400 `connector.invalid_config` when it cannot be. */
export const publishedDocument = async (url: string): Promise<string> => {
  const cached = cache.get(url);
  return cached && Date.now() - cached.at < FRESH_MS ? cached.text : download(url);
};

/**
 * The last copy read of a provider's document, without waiting on the provider (a read of the API never does): a
 * stale copy is renewed in the background, and none is undefined until the first read lands.
 */
export const lastPublishedDocument = (url: string): string | undefined => {
  const cached = cache.get(url);
  if (!cached || Date.now() - cached.at >= FRESH_MS) download(url).catch(() => undefined);
  return cached?.text;
};
