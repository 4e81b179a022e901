import type { TestApi } from './harness.js';

/** Two API resources and their scopes: `read:orders` and `write:orders` of Orders, `read:invoices` of Billing. */
export const scopesOf = async (api: TestApi) => {
  const orders = await api.create('/api/resources', { name: 'Orders', indicator: 'https://orders.example.com' });
  const billing = await api.create('/api/resources', { name: 'Billing', indicator: 'https://billing.example.com' });
  const read = await api.create(`/api/resources/${orders.id}/scopes`, { name: 'read:orders' });
  const write = await api.create(`/api/resources/${orders.id}/scopes`, { name: 'write:orders' });
  const invoices = await api.create(`/api/resources/${billing.id}/scopes`, { name: 'read:invoices' });
  return { orders, billing, read, write, invoices };
};

/** The ids of the items, sorted. */
export const ids = (items: { id: string }[]) => items.map((item) => item.id).sort();
