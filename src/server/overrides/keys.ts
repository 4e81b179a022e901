/**
 * Keys of the bespoke server pieces that descriptors may name (`serverHooks`, `api.actions[].handler`).
 * Pure data: codegen imports it to reject unknown keys; `registry.ts` maps each key to its implementation.
 */
export const serverOverrideKeys = [
  'application.check-role-assignment',
  'application.generate-secret',
  'application.generate-secret-value',
  'hook.generate-signing-key',
  'hook.regenerate-signing-key',
  'hook.send-test',
  'me.get',
  'me.update',
  'me.update-custom-data',
  'resource.set-default',
  'user.check-role-assignment',
  'user.hash-password',
  'user.update-is-suspended',
  'user.update-password',
] as const;

export type ServerOverrideKey = (typeof serverOverrideKeys)[number];
