/** `tenantId` → `tenant_id`: how codegen names a stored field's column, and how some text keys name a field. */
export const snakeCase = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
