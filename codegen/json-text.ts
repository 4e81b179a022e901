/**
 * JSON as the formatter leaves it (two-space indent, 120 columns): objects open one key a line, arrays on one line
 * when they fit and one item a line otherwise, so a written fixture passes the format check unchanged.
 */
const WIDTH = 120;

const inline = (value: unknown): string => {
  if (Array.isArray(value)) return value.length === 0 ? '[]' : `[${value.map(inline).join(', ')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    return entries.length === 0
      ? '{}'
      : `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${inline(v)}`).join(', ')} }`;
  }
  return JSON.stringify(value);
};

/** `value` printed at `indent`, where `used` columns of its first line are already taken (key, comma to follow). */
const block = (value: unknown, indent: string, used: number): string => {
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    const flat = inline(value);
    if (value.length === 0 || used + flat.length <= WIDTH) return flat;
    const items = value.map(
      (item, i) => `${inner}${block(item, inner, inner.length + (i < value.length - 1 ? 1 : 0))}`,
    );
    return `[\n${items.join(',\n')}\n${indent}]`;
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    const lines = entries.map(([key, item], i) => {
      const head = `${inner}${JSON.stringify(key)}: `;
      return `${head}${block(item, inner, head.length + (i < entries.length - 1 ? 1 : 0))}`;
    });
    return `{\n${lines.join(',\n')}\n${indent}}`;
  }
  return JSON.stringify(value);
};

export const jsonText = (value: unknown): string => `${block(value, '', 0)}\n`;
