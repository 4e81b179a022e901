/** What `fetch` inside a script gets back: the response read whole (as text) on the host side. */
export interface FetchedResponse {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  body: string;
}

export interface FetchRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** A response body larger than this fails the script's `fetch`. */
const MAX_BODY_BYTES = 1024 * 1024;

const readCapped = async (response: Response): Promise<string> => {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw new Error(`The response is larger than ${MAX_BODY_BYTES} bytes.`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
};

const stringRecord = (value: unknown): Record<string, string> | undefined =>
  value && typeof value === 'object'
    ? Object.fromEntries(Object.entries(value).map(([name, text]) => [name, String(text)]))
    : undefined;

/** The host's side of a script's `fetch`: an http(s) request, bounded by the run's time left and a body size. */
export const hostFetch = async (url: string, request: FetchRequest, timeoutMs: number): Promise<FetchedResponse> => {
  const target = new URL(url);
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new Error('Only http and https are fetched.');
  const headers = stringRecord(request.headers);
  const response = await fetch(target, {
    method: typeof request.method === 'string' ? request.method : 'GET',
    ...(headers ? { headers } : {}),
    ...(typeof request.body === 'string' ? { body: request.body } : {}),
    signal: AbortSignal.timeout(Math.max(1, timeoutMs)),
  });
  return {
    status: response.status,
    statusText: response.statusText,
    headers: Object.fromEntries(response.headers.entries()),
    body: await readCapped(response),
  };
};
