import type { ComponentType } from 'react';
import type { ConsoleOverrideKey } from './keys';
import type { OverrideProps } from './types';

/** Loads one override's component; each import is its own chunk, fetched the first time the override is shown. */
export type OverrideLoader = () => Promise<ComponentType<OverrideProps>>;

/** Bespoke console pieces by key; the type makes every key in `keys.ts` have an implementation. */
export const overrideLoaders: Record<ConsoleOverrideKey, OverrideLoader> = {
  'application.card.endpoints': () => import('./application/EndpointsCard').then((m) => m.EndpointsCard),
  'application.card.secrets': () => import('./application/SecretsCard').then((m) => m.SecretsCard),
  'hook.card.signing-key': () => import('./hook/SigningKeyCard').then((m) => m.SigningKeyCard),
  'hook.card.test-endpoint': () => import('./hook/TestEndpointCard').then((m) => m.TestEndpointCard),
  'hook.tab.recent-requests': () => import('./hook/RecentRequestsTab').then((m) => m.RecentRequestsTab),
  'resource.card.default-api': () => import('./resource/DefaultApiCard').then((m) => m.DefaultApiCard),
  'user.card.identities': () => import('./user/IdentitiesCard').then((m) => m.IdentitiesCard),
  'user.card.mfa': () => import('./user/MfaCard').then((m) => m.MfaCard),
  'user.card.password': () => import('./user/PasswordCard').then((m) => m.PasswordCard),
};
