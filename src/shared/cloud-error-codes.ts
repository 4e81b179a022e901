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
  'subscription.billing_not_configured': { status: 501, message: 'Billing is not configured on this server.' },
  'subscription.provider_failed': { status: 502, message: 'The payment provider could not complete the request.' },
  'subscription.invalid_signature': { status: 400, message: 'The webhook signature is not valid.' },
  'account.deletion_blocked': {
    status: 422,
    message: 'The account cannot be deleted while a tenant it administers is paid for or has unpaid invoices.',
  },
  'subscription.plan_not_selectable': { status: 422, message: 'This plan cannot be chosen.' },
} as const satisfies Record<string, { status: number; message: string }>;
