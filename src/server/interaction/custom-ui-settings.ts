/** The tenant's own sign-in pages, as the sign-in experience names them (`customUiAssets`, `customUiCsp`). */
export interface PageCustomUi {
  assetId: string;
  /** Extra sources of the pages' policy (Logto's `customUiCsp`), each one source expression. */
  scriptSrc: string[];
  connectSrc: string[];
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** A source expression the policy can carry: a host or scheme source, or one of the keywords a page may need. */
const isSource = (value: unknown): value is string =>
  typeof value === 'string' &&
  (/^[^\s;,'"]{1,256}$/.test(value) || ["'unsafe-eval'", "'wasm-unsafe-eval'"].includes(value));

/** The custom UI of a stored sign-in experience, or undefined when it names none. */
export const customUiOf = (experience: Record<string, unknown>): PageCustomUi | undefined => {
  const assetId = record(experience.customUiAssets).id;
  if (typeof assetId !== 'string' || !/^[a-z0-9]{1,64}$/.test(assetId)) return undefined;
  const csp = record(experience.customUiCsp);
  const sources = (value: unknown) => (Array.isArray(value) ? value.filter(isSource) : []);
  return { assetId, scriptSrc: sources(csp.scriptSrc), connectSrc: sources(csp.connectSrc) };
};
