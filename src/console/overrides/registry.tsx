import type { ComponentType } from 'react';
import { EndpointsCard } from './application/EndpointsCard';
import { SecretsCard } from './application/SecretsCard';
import { RecentRequestsTab } from './hook/RecentRequestsTab';
import { SigningKeyCard } from './hook/SigningKeyCard';
import { TestEndpointCard } from './hook/TestEndpointCard';
import type { ConsoleOverrideKey } from './keys';
import { DefaultApiCard } from './resource/DefaultApiCard';
import type { OverrideProps } from './types';

/** Bespoke console pieces by key; the type makes every key in `keys.ts` have an implementation. */
export const overrideRegistry: Record<ConsoleOverrideKey, ComponentType<OverrideProps>> = {
  'application.card.endpoints': EndpointsCard,
  'application.card.secrets': SecretsCard,
  'hook.card.signing-key': SigningKeyCard,
  'hook.card.test-endpoint': TestEndpointCard,
  'hook.tab.recent-requests': RecentRequestsTab,
  'resource.card.default-api': DefaultApiCard,
};
