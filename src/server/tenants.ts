/** The tenant the open-source edition manages. The cloud edition adds tenants; ids follow spec §9. */
export const DEFAULT_TENANT_ID = 'default';
