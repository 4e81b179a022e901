/**
 * The edition the server runs as, which the console's page names (`data-edition` on its root element): the cloud
 * edition's console manages many tenants below `/console/{tenantId}`, the open-source one its `default` tenant.
 */
export type ConsoleEdition = 'oss' | 'cloud';

export const consoleEdition = (): ConsoleEdition =>
  typeof document !== 'undefined' && document.documentElement.dataset.edition === 'cloud' ? 'cloud' : 'oss';

export const isCloud = (): boolean => consoleEdition() === 'cloud';
