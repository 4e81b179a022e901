/** Minimal HTML building for the server-rendered pages: every interpolated value is escaped. */

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (value: unknown): string => String(value ?? '').replace(/[&<>"']/g, (c) => escapes[c] ?? c);

/** Markup that is already safe (built by `html`). */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

type Part = SafeHtml | string | number | null | undefined | false | Part[];

const render = (part: Part): string => {
  if (part === null || part === undefined || part === false) return '';
  if (part instanceof SafeHtml) return part.value;
  if (Array.isArray(part)) return part.map(render).join('');
  return escapeHtml(part);
};

/** Tagged template: literal markup stays, interpolations are escaped unless they are `SafeHtml`. */
export const html = (strings: TemplateStringsArray, ...values: Part[]): SafeHtml =>
  new SafeHtml(strings.reduce((out, literal, i) => out + literal + (i < values.length ? render(values[i]) : ''), ''));

/** Trusted markup from elsewhere (e.g. the provider's logout form). */
export const raw = (markup: string) => new SafeHtml(markup);
