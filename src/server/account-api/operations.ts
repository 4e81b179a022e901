import type { DocumentedOperation } from '../http/documented-routes.js';

const str = { type: 'string' } as const;
const nullableStr = { type: 'string', nullable: true } as const;
const body = (required: string[], properties: Record<string, unknown>) => ({ type: 'object', required, properties });
const identifier = body(['type', 'value'], { type: { type: 'string', enum: ['email', 'phone'] }, value: str });
const record = body(['verificationRecordId', 'expiresAt'], { verificationRecordId: str, expiresAt: str });
const refused = (codes: Record<number, string>) =>
  Object.fromEntries(Object.entries(codes).map(([status, description]) => [status, { description }]));
const auth = refused({
  400: 'Invalid input, or the account center does not allow it.',
  401: 'No valid access token, or the user is not proved.',
});
const noContent = { 204: { description: 'Done.' } };

const ACCOUNT = 'My account';
const VERIFICATIONS = 'Verifications';

const address = (kind: 'email' | 'phone', name: string) =>
  ({
    update: {
      operationId: `UpdatePrimary${name}`,
      method: 'POST',
      path: `/my-account/primary-${kind}`,
      summary: `Bind a new primary ${kind === 'email' ? 'email address' : 'phone number'} a code verified`,
      tag: ACCOUNT,
      body: body([kind, 'newIdentifierVerificationRecordId'], { [kind]: str, newIdentifierVerificationRecordId: str }),
      responses: { ...noContent, ...auth, ...refused({ 422: 'Taken or not allowed.' }) },
    },
    remove: {
      operationId: `DeletePrimary${name}`,
      method: 'DELETE',
      path: `/my-account/primary-${kind}`,
      summary: `Remove the primary ${kind === 'email' ? 'email address' : 'phone number'}`,
      tag: ACCOUNT,
      responses: { ...noContent, ...auth },
    },
  }) satisfies Record<string, DocumentedOperation>;

const email = address('email', 'Email');
const phone = address('phone', 'Phone');

/** The Account API's operations (Logto's ids), below `{base}/api`. */
export const accountOperations = {
  read: {
    operationId: 'GetProfile',
    method: 'GET',
    path: '/my-account',
    summary: "The signed-in user's account, as the token's scopes and the account center allow",
    tag: ACCOUNT,
    responses: { 200: { description: 'The account.' }, ...auth },
  },
  update: {
    operationId: 'UpdateProfile',
    method: 'PATCH',
    path: '/my-account',
    summary: 'Change the name, avatar, username (the user proved) or custom data',
    tag: ACCOUNT,
    body: body([], { name: nullableStr, avatar: nullableStr, username: nullableStr, customData: { type: 'object' } }),
    responses: { 200: { description: 'The account.' }, ...auth, ...refused({ 422: 'The username is taken.' }) },
  },
  profile: {
    operationId: 'UpdateOtherProfile',
    method: 'PATCH',
    path: '/my-account/profile',
    summary: 'Change profile claims (given name, locale, address...)',
    tag: ACCOUNT,
    body: { type: 'object' },
    responses: { 200: { description: 'The profile.' }, ...auth },
  },
  password: {
    operationId: 'UpdatePassword',
    method: 'POST',
    path: '/my-account/password',
    summary: 'Set a new password (the user proved, where the account has a way to)',
    tag: ACCOUNT,
    body: body(['password'], { password: str }),
    responses: { ...noContent, ...auth, ...refused({ 422: 'Rejected by the password policy.' }) },
  },
  updateEmail: email.update,
  deleteEmail: email.remove,
  updatePhone: phone.update,
  deletePhone: phone.remove,
  byPassword: {
    operationId: 'CreateVerificationByPassword',
    method: 'POST',
    path: '/verifications/password',
    summary: 'Prove the user by their password',
    tag: VERIFICATIONS,
    body: body(['password'], { password: str }),
    responses: {
      201: { description: 'The verification record.', schema: record },
      ...auth,
      ...refused({ 422: 'Wrong password.' }),
    },
  },
  sendCode: {
    operationId: 'CreateVerificationByVerificationCode',
    method: 'POST',
    path: '/verifications/verification-code',
    summary: "Send a code to the user's own address (a proof) or a new one (to bind it)",
    tag: VERIFICATIONS,
    body: body(['identifier'], { identifier }),
    responses: {
      201: { description: 'The verification record.', schema: record },
      ...auth,
      ...refused({ 429: 'Too many messages.', 501: 'No connector sends it.' }),
    },
  },
  verifyCode: {
    operationId: 'VerifyVerificationByVerificationCode',
    method: 'POST',
    path: '/verifications/verification-code/verify',
    summary: 'Check the code of a verification record',
    tag: VERIFICATIONS,
    body: body(['identifier', 'verificationId', 'code'], { identifier, verificationId: str, code: str }),
    responses: {
      200: { description: 'Verified.', schema: body(['verificationRecordId'], { verificationRecordId: str }) },
      ...auth,
    },
  },
} satisfies Record<string, DocumentedOperation>;
