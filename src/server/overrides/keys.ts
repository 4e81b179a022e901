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
  'personalAccessToken.delete',
  'personalAccessToken.generate-value',
  'personalAccessToken.rename',
  'resource.set-default',
  'user.get-session',
  'user.hash-password',
  'user.list-grants',
  'user.list-sessions',
  'user.revoke-grant',
  'user.revoke-session',
  'user.create-mfa-verification',
  'user.delete-identity',
  'user.delete-mfa-verification',
  'user.get-identity',
  'user.get-sso-identity',
  'user.link-identity',
  'user.list-all-identities',
  'user.list-mfa-verifications',
  'user.list-organizations',
  'user.replace-identity',
] as const;

export type ServerOverrideKey = (typeof serverOverrideKeys)[number];
