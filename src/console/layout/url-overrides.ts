/**
 * Console URLs may carry `?theme=light|dark|system` and `?lng=<language>`: the page then opens in that appearance
 * and language, whatever the user saved, without saving them. A link to a case of the QA form gallery, or a test,
 * pins both this way; the choices last until the page is reloaded without them.
 */
export const urlOverrideParams = { theme: 'theme', language: 'lng' } as const;

export const readUrlOverride = (name: keyof typeof urlOverrideParams): string | undefined => {
  try {
    return new URLSearchParams(globalThis.location?.search ?? '').get(urlOverrideParams[name]) ?? undefined;
  } catch {
    return undefined;
  }
};
