/**
 * Error codes of the cloud edition's own API (tenants, their members and invitations), English messages (the console
 * translates by code). Part of `handWrittenErrorCodes`.
 */
export const cloudErrorCodes = {
  'tenant_member.last_admin': { status: 422, message: 'A tenant keeps at least one admin.' },
  'tenant_invitation.email_mismatch': {
    status: 403,
    message: 'The invitation was sent to another email address than the signed-in account has.',
  },
  'subscription.limit_exceeded': { status: 403, message: 'You have reached the limit of your subscription plan.' },
} as const satisfies Record<string, { status: number; message: string }>;
