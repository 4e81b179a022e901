import type { DocumentedOperation } from '../../http/documented-routes.js';

const str = { type: 'string' } as const;
const event = { type: 'string', enum: ['SignIn', 'Register', 'ForgotPassword'] } as const;
const identifier = (types: string[]) => ({
  type: 'object',
  required: ['type', 'value'],
  properties: { type: { type: 'string', enum: types }, value: str },
});
const verificationId = { type: 'object', required: ['verificationId'], properties: { verificationId: str } };
const body = (required: string[], properties: Record<string, unknown>) => ({ type: 'object', required, properties });

const TAG = 'Experience';
const verified = { 200: { description: 'The verification record.', schema: verificationId } };
const noContent = { 204: { description: 'Done.' } };
const refused = (codes: Record<number, string>) =>
  Object.fromEntries(Object.entries(codes).map(([status, description]) => [status, { description }]));

/** The Experience API's operations (Logto's ids), below `{base}/api/experience`. */
export const experienceOperations = {
  start: {
    operationId: 'InitInteraction',
    method: 'PUT',
    path: '',
    summary: 'Start a new interaction (sign-in, registration or password reset), with an optional CAPTCHA token',
    tag: TAG,
    body: body(['interactionEvent'], { interactionEvent: event, captchaToken: str }),
    responses: { ...noContent, ...refused({ 400: 'Invalid input or no interaction.', 403: 'The event is closed.' }) },
  },
  event: {
    operationId: 'UpdateInteractionEvent',
    method: 'PUT',
    path: '/interaction-event',
    summary: 'Switch between sign-in and registration',
    tag: TAG,
    body: body(['interactionEvent'], { interactionEvent: event }),
    responses: { ...noContent, ...refused({ 403: 'The event is closed.', 422: 'A reset cannot switch.' }) },
  },
  read: {
    operationId: 'GetInteraction',
    method: 'GET',
    path: '/interaction',
    summary: 'The interaction so far: its event, the identified user, the profile and the verifications',
    tag: TAG,
    responses: { 200: { description: 'The interaction.' }, ...refused({ 400: 'No interaction.' }) },
  },
  password: {
    operationId: 'CreatePasswordVerification',
    method: 'POST',
    path: '/verification/password',
    summary: "Verify an account's password",
    tag: TAG,
    body: body(['identifier', 'password'], { identifier: identifier(['username', 'email', 'phone']), password: str }),
    responses: { ...verified, ...refused({ 401: 'The account is suspended.', 422: 'Wrong identifier or password.' }) },
  },
  sendCode: {
    operationId: 'CreateAndSendVerificationCode',
    method: 'POST',
    path: '/verification/verification-code',
    summary: 'Send a verification code to an email address or phone number',
    tag: TAG,
    body: body(['identifier', 'interactionEvent'], {
      identifier: identifier(['email', 'phone']),
      interactionEvent: event,
    }),
    responses: { ...verified, ...refused({ 429: 'Too many messages.', 501: 'No connector sends it.' }) },
  },
  verifyCode: {
    operationId: 'VerifyVerificationCodeVerification',
    method: 'POST',
    path: '/verification/verification-code/verify',
    summary: 'Verify a code sent to an email address or phone number',
    tag: TAG,
    body: body(['identifier', 'verificationId', 'code'], {
      identifier: identifier(['email', 'phone']),
      verificationId: str,
      code: str,
    }),
    responses: {
      ...verified,
      ...refused({ 400: 'The code is wrong, expired or used up.', 404: 'No such verification.' }),
    },
  },
  newIdentity: {
    operationId: 'CreateNewPasswordIdentityVerification',
    method: 'POST',
    path: '/verification/new-password-identity',
    summary: "A new account's username and password",
    tag: TAG,
    body: body(['identifier', 'password'], { identifier: identifier(['username']), password: str }),
    responses: { ...verified, ...refused({ 422: 'The username is taken or the password rejected.' }) },
  },
  totp: {
    operationId: 'VerifyTotpVerification',
    method: 'POST',
    path: '/verification/totp/verify',
    summary: "Verify a code of the identified account's authenticator app, or of the secret being bound",
    tag: TAG,
    body: body(['code'], { code: str, verificationId: str }),
    responses: { ...verified, ...refused({ 400: 'The code is wrong.', 404: 'No account is identified.' }) },
  },
  totpSecret: {
    operationId: 'CreateTotpSecret',
    method: 'POST',
    path: '/verification/totp/secret',
    summary: 'A new authenticator app secret for the identified account, with its QR code',
    tag: TAG,
    responses: {
      200: {
        description: 'The secret.',
        schema: body(['verificationId', 'secret', 'secretQrCode'], {
          verificationId: str,
          secret: str,
          secretQrCode: str,
        }),
      },
      ...refused({ 404: 'No account is identified.', 422: 'The account has an authenticator app.' }),
    },
  },
  bindMfa: {
    operationId: 'BindMfaVerification',
    method: 'POST',
    path: '/profile/mfa',
    summary: 'Bind the authenticator app a code proved (stored when the interaction is submitted)',
    tag: TAG,
    body: body(['type', 'verificationId'], { type: { type: 'string', enum: ['Totp'] }, verificationId: str }),
    responses: { ...noContent, ...refused({ 400: 'Not proved by a code.', 404: 'No account is identified.' }) },
  },
  backupCode: {
    operationId: 'VerifyBackupCode',
    method: 'POST',
    path: '/verification/backup-code/verify',
    summary: 'Verify one of the identified account’s backup codes',
    tag: TAG,
    body: body(['code'], { code: str }),
    responses: { ...verified, ...refused({ 400: 'The code is wrong or used.', 404: 'No account is identified.' }) },
  },
  identification: {
    operationId: 'IdentifyUser',
    method: 'POST',
    path: '/identification',
    summary: 'Identify the account of a verification, or create the account of a registration',
    tag: TAG,
    body: body([], { verificationId: str }),
    responses: {
      201: { description: 'The account was created.' },
      204: { description: 'The account is identified.' },
      ...refused({
        404: 'No such verification or account.',
        409: 'Another account is identified.',
        422: 'The profile lacks what sign-up requires.',
      }),
    },
  },
  profile: {
    operationId: 'AddUserProfile',
    method: 'POST',
    path: '/profile',
    summary: 'Add a username, a verified address or a password to the profile',
    tag: TAG,
    body: body(['type'], {
      type: { type: 'string', enum: ['username', 'email', 'phone', 'password'] },
      value: str,
      verificationId: str,
    }),
    responses: {
      ...noContent,
      ...refused({ 400: 'The account has it already.', 422: 'Taken, or rejected by the policy.' }),
    },
  },
  resetPassword: {
    operationId: 'ResetUserPassword',
    method: 'PUT',
    path: '/profile/password',
    summary: 'The new password of a reset',
    tag: TAG,
    body: body(['password'], { password: str }),
    responses: {
      ...noContent,
      ...refused({ 404: 'No account is identified.', 422: 'Rejected, or the same as before.' }),
    },
  },
  skipMfa: {
    operationId: 'SkipMfaBindingFlow',
    method: 'POST',
    path: '/profile/mfa/mfa-skipped',
    summary: 'Skip the optional prompt to set up MFA',
    tag: TAG,
    responses: { ...noContent, ...refused({ 404: 'No account is identified.' }) },
  },
  submit: {
    operationId: 'SubmitInteraction',
    method: 'POST',
    path: '/submit',
    summary: 'End the interaction: where the browser goes next (a reset answers 204)',
    tag: TAG,
    responses: {
      200: { description: 'Signed in.', schema: body(['redirectTo'], { redirectTo: str }) },
      204: { description: 'The password was reset.' },
      ...refused({
        403: 'MFA verification is required.',
        404: 'No account is identified.',
        422: 'The profile or MFA is incomplete.',
      }),
    },
  },
} satisfies Record<string, DocumentedOperation>;
