/**
 * The translation key of the column that shows a link attribute (a membership's note or expiry) in a relation tab:
 * `relations.attribute.expires_at`. Codegen requires it in the English texts; the console looks it up.
 */
export const linkAttributeKey = (field: string) =>
  `relations.attribute.${field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`;
