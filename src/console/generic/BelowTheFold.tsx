import { type ReactNode, useDeferredValue } from 'react';

/**
 * What a page shows below its first screen: drawn right after the page's first paint instead of before it, so a
 * click shows the heading and what is above the fold at once. Later renders draw it straight away.
 */
export const BelowTheFold = ({ children }: { children: ReactNode }) =>
  useDeferredValue(true, false) ? children : null;
