import type { ReactNode } from 'react';
import { Forbidden } from '../generic/result-pages';
import { useAccess } from './AccessContext';

/** Renders the page when the caller holds every required scope, else the forbidden page. */
export const RequireScopes = ({ scopes, children }: { scopes: readonly string[]; children: ReactNode }) =>
  useAccess().allows(scopes) ? children : <Forbidden />;
