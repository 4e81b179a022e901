import { lazy } from 'react';

/**
 * The "page not found" and "no access" pages, loaded when first shown: their illustrations stay out of the first
 * load, which the route table and the access guard are part of.
 */
export const NotFound = lazy(() => import('./NotFound').then((m) => ({ default: m.NotFound })));
export const Forbidden = lazy(() => import('./Forbidden').then((m) => ({ default: m.Forbidden })));
