/** The tenant that holds the console's own users: they sign in to the console there. */
export const ADMIN_TENANT_ID = 'admin';

/** The tenant the open-source edition manages, through the console. The cloud edition adds tenants (ids: spec §9). */
export const DEFAULT_TENANT_ID = 'default';
