import { createCache } from '@ant-design/cssinjs';

/**
 * The component library's style cache, kept whole. By default it drops a component's computed tokens and styles
 * when the last instance of it unmounts, so every navigation computed them again for the next page's components
 * (merging tokens, serializing styles, comparing style elements): a quarter of a warm click's script time. The
 * console has a bounded set of components and two themes, so keeping them costs little memory; a page's second
 * visit draws without style work. The style elements themselves were never removed.
 */
export const createKeptStyleCache = () => {
  const cache = createCache();
  const update = cache.opUpdate.bind(cache);
  // A count of users that reaches zero keeps its entry (at zero) instead of deleting it.
  cache.opUpdate = (key, valueFn) =>
    update(key, (previous) => {
      const next = valueFn(previous);
      return next === null && previous ? [0, previous[1]] : next;
    });
  return cache;
};
