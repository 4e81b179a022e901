/**
 * The component library's style-element helper (`rc-util/es/Dom/dynamicCSS`) with an index of the elements it has
 * written. The original looks an element up by scanning every child of the page head on each call, and the style
 * library calls it for every component instance that mounts: with the few hundred style elements a session gathers,
 * that scan was the largest single cost of a click. Elements it finds in the index (still in the page, still under
 * that key) are updated as the original would; anything else goes to the original, whose answer joins the index.
 * The build aliases the original's path to this module (vite.config.ts).
 */
import {
  clearContainerCache as clearOriginal,
  injectCSS,
  removeCSS as removeOriginal,
  updateCSS as updateOriginal,
} from 'rc-util/es/Dom/dynamicCSS.js';

type Options = NonNullable<Parameters<typeof updateOriginal>[2]>;

const DEFAULT_MARK = 'rc-util-key';
const markOf = (option: Options) =>
  option.mark ? (option.mark.startsWith('data-') ? option.mark : `data-${option.mark}`) : DEFAULT_MARK;

/** The text each known element was last given here, so an unchanged style is not read back from the page. */
const written = new WeakMap<HTMLElement, string>();
/** Written elements by container, mark and key. */
const index = new WeakMap<object, Map<string, HTMLElement>>();
const entries = (option: Options) => {
  const container = option.attachTo ?? document.head ?? document.body;
  let map = index.get(container);
  if (!map) {
    map = new Map();
    index.set(container, map);
  }
  return map;
};

export { injectCSS };

export const updateCSS = (css: string, key: string, option: Options = {}): HTMLElement => {
  const map = entries(option);
  const id = `${markOf(option)}\u0000${key}`;
  const known = map.get(id);
  if (known?.isConnected && known.getAttribute(markOf(option)) === key) {
    const nonce = option.csp?.nonce;
    if (nonce && known.nonce !== nonce) known.nonce = nonce;
    if (written.get(known) !== css && known.innerHTML !== css) known.innerHTML = css;
    written.set(known, css);
    return known;
  }
  const node = updateOriginal(css, key, option);
  map.set(id, node);
  written.set(node, css);
  return node;
};

export const removeCSS = (key: string, option: Options = {}) => {
  entries(option).delete(`${markOf(option)}\u0000${key}`);
  removeOriginal(key, option);
};

export const clearContainerCache = () => clearOriginal();
