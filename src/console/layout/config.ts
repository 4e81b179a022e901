/** The product's own documentation, served by the same server: the guide and the management API's reference. */
export const docsUrl = '/docs';
export const apiReferenceUrl = '/docs/api';
export const productName = 'Gatehouse';

/** Where people reach the team behind the product (spec §2, the Help menu's contact dialog). */
export const contactChannels = [
  { key: 'community', href: 'https://discord.gg/gatehouse' },
  { key: 'issues', href: 'https://github.com/gatehouse-id/gatehouse/issues' },
  { key: 'email', href: 'mailto:support@gatehouse.dev' },
  { key: 'meeting', href: 'https://cal.com/gatehouse/30min' },
] as const;
