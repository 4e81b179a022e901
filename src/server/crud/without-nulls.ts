import type { Entity } from './repository.js';

/** The record without its null fields: what Logto's optional fields look like when they are not set. */
export const withoutNulls = (item: Entity): Entity =>
  Object.fromEntries(Object.entries(item).filter(([, value]) => value !== null));
