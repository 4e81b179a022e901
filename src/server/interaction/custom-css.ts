import { type CssNode, generate, type List, type ListItem, parse, walk } from 'css-tree';

/**
 * A tenant's custom CSS, made safe to serve in the sign-in page's `<style>` element: parsed with a real CSS parser
 * (css-tree), then cut down to plain style rules. Dropped, whatever their case or escaping:
 * - at-rules other than `@media`, `@supports`, `@container`, `@layer`, `@keyframes` and `@font-face` (so `@import`,
 *   `@namespace`, `@charset` and anything unknown);
 * - declarations that load or run something: `url()` other than a small raster `data:` image, `image-set()`,
 *   `image()`, `src()`, `cross-fade()`, `expression()`, `behavior`, `-moz-binding`, `-ms-behavior`;
 * - declarations whose property or function names hold a backslash escape (`u\72l(` is `url(`);
 * - whatever the parser could not read (it ends up in raw nodes), and so unbalanced `}` or `</style>` at the top.
 * Every `<` left (in strings) is written as the escape `\3c `, so nothing can close the style element.
 * The page's Content-Security-Policy limits images and fonts to the page's origin and `data:` besides.
 */

const allowedAtRules = new Set([
  'media',
  'supports',
  'container',
  'layer',
  'keyframes',
  '-webkit-keyframes',
  'font-face',
]);
const forbiddenProperties = new Set(['behavior', '-moz-binding', '-ms-behavior']);
const forbiddenFunctions = new Set(['expression', 'image-set', '-webkit-image-set', 'image', 'src', 'cross-fade']);
/** Raster images only: an SVG could carry markup and links of its own. */
const safeDataImage = /^data:image\/(png|gif|jpeg|webp|avif);base64,[a-z0-9+/=\s]*$/i;

/** Whether a declaration's value (or an at-rule's prelude) may stay. */
const valueIsSafe = (value: CssNode | null): boolean => {
  if (!value) return true;
  let safe = true;
  walk(value, (node) => {
    if (!safe) return;
    if (node.type === 'Raw') safe = false;
    else if (node.type === 'Url') safe = safeDataImage.test(node.value.trim());
    else if (node.type === 'Function') {
      const name = node.name.toLowerCase();
      safe = !name.includes('\\') && !forbiddenFunctions.has(name) && name !== 'url';
    } else if (node.type === 'Identifier') safe = !node.name.includes('\\');
  });
  return safe;
};

const declarationIsSafe = (node: CssNode) =>
  node.type === 'Declaration' &&
  !node.property.includes('\\') &&
  !forbiddenProperties.has(node.property.toLowerCase()) &&
  valueIsSafe(node.value);

const atRuleIsSafe = (node: CssNode) =>
  node.type === 'Atrule' &&
  !node.name.includes('\\') &&
  allowedAtRules.has(node.name.toLowerCase()) &&
  valueIsSafe(node.prelude);

/** The custom CSS with everything unsafe removed; an empty string when nothing is left. */
export const sanitizeCss = (source: string | null | undefined): string => {
  if (!source?.trim()) return '';
  const ast = parse(source, { parseCustomProperty: true, onParseError: () => undefined });
  walk(ast, {
    enter(node: CssNode, item: ListItem<CssNode> | undefined, list: List<CssNode> | undefined) {
      if (!item || !list) return;
      const unsafe =
        node.type === 'Raw' ||
        (node.type === 'Declaration' && !declarationIsSafe(node)) ||
        (node.type === 'Atrule' && !atRuleIsSafe(node));
      if (unsafe) list.remove(item);
    },
  });
  return generate(ast).replace(/</g, '\\3c ');
};
