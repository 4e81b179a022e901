import { type CountMode, countModes } from '../../shared/list-counts.js';

/**
 * The preferences of a `Prefer` header (RFC 7240), in order: each one's lowercased name and its value (unquoted;
 * empty when it has none). Commas and semicolons inside quoted strings belong to the value; parameters after a
 * preference's `;` are left out.
 */
export const preferences = (header: string | string[] | undefined): { name: string; value: string }[] => {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const found: { name: string; value: string }[] = [];
  let part = '';
  let quoted = false;
  let parameters = false;
  const end = () => {
    const at = part.indexOf('=');
    const name = (at < 0 ? part : part.slice(0, at)).trim().toLowerCase();
    let value = at < 0 ? '' : part.slice(at + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
      value = value.slice(1, -1).replace(/\\(.)/g, '$1');
    }
    if (name) found.push({ name, value });
    part = '';
    parameters = false;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i] ?? '';
    if (quoted) {
      if (!parameters) part += c;
      if (c === '\\') {
        if (!parameters) part += text[i + 1] ?? '';
        i++;
      } else if (c === '"') quoted = false;
    } else if (c === '"') {
      quoted = true;
      if (!parameters) part += c;
    } else if (c === ',') end();
    else if (c === ';') parameters = true;
    else if (!parameters) part += c;
  }
  end();
  return found;
};

/**
 * The count a request prefers (`Prefer: count=exact|planned|estimated`), or undefined. Only the first `count`
 * preference is considered; one the server does not understand is ignored (RFC 7240), as are the other preferences.
 */
export const preferredCount = (header: string | string[] | undefined): CountMode | undefined => {
  const count = preferences(header).find((preference) => preference.name === 'count');
  return countModes.find((mode) => mode === count?.value);
};
