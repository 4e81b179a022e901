/**
 * Error codes of the Experience API (a sign-in experience driven through JSON, for custom sign-in pages) and of the
 * Account API (a signed-in user's own account); Logto's codes and statuses, English messages (the console translates by code). Part of
 * `handWrittenErrorCodes`.
 */
export const experienceErrorCodes = {
  'session.not_found': { status: 400, message: 'Session not found. Please go back and sign in again.' },
  'session.verification_session_not_found': {
    status: 404,
    message: 'The verification was not successful. Restart the verification flow and try again.',
  },
  'session.verification_failed': {
    status: 400,
    message: 'The verification was not successful. Restart the verification flow and try again.',
  },
  'session.identifier_not_found': {
    status: 404,
    message: 'User identifier not found. Please go back and sign in again.',
  },
  'session.invalid_interaction_type': { status: 400, message: 'The operation does not apply to this interaction.' },
  'session.identity_conflict': {
    status: 409,
    message: 'This interaction has identified another account already.',
  },
  'session.not_supported_for_forgot_password': {
    status: 422,
    message: 'This operation is not supported for forgot password.',
  },
  'session.captcha_required': { status: 422, message: 'A CAPTCHA is required.' },
  'session.captcha_failed': { status: 422, message: 'The CAPTCHA verification failed.' },
  'session.verification_blocked_too_many_attempts': {
    status: 400,
    message: 'Too many attempts. Please try again later.',
  },
  'session.mfa.require_mfa_verification': { status: 403, message: 'MFA verification is required to sign in.' },
  'session.mfa.invalid_totp_code': { status: 400, message: 'Invalid TOTP code.' },
  'session.mfa.invalid_backup_code': { status: 400, message: 'Invalid backup code.' },
  'user.user_not_exist': { status: 404, message: 'User with {{identifier}} does not exist.' },
  'user.suspended': { status: 401, message: 'This account is suspended.' },
  'user.sign_in_method_not_enabled': { status: 422, message: 'This sign-in method is not enabled.' },
  'user.missing_profile': { status: 422, message: 'You need to provide additional info before signing in.' },
  'user.missing_mfa': { status: 422, message: 'You need to bind an additional MFA factor before signing in.' },
  'user.username_exists_in_profile': { status: 400, message: 'Username already exists in your profile.' },
  'user.email_exists_in_profile': {
    status: 400,
    message: 'Your profile has already associated with an email address.',
  },
  'user.phone_exists_in_profile': { status: 400, message: 'Your profile has already associated with a phone number.' },
  'user.password_exists_in_profile': { status: 400, message: 'Password already exists in your profile.' },
  'user.new_password_required_in_profile': { status: 422, message: 'You need to set a new password.' },
  'user.same_password': { status: 422, message: 'The new password cannot be the same as the old one.' },
  'password.rejected': { status: 422, message: 'The password was rejected by the password policy.' },
  'account_center.not_enabled': { status: 400, message: 'Account center is not enabled.' },
  'account_center.field_not_editable': { status: 400, message: 'Field is not editable.' },
  'user.last_sign_in_method_required': {
    status: 400,
    message: 'You cannot remove the last way to sign in to the account.',
  },
  'session.email_blocklist.invalid_email': { status: 422, message: 'The email address is invalid.' },
  'session.email_blocklist.email_subaddressing_not_allowed': {
    status: 422,
    message: 'Email subaddressing is not allowed.',
  },
  'session.email_blocklist.email_not_allowed': { status: 422, message: 'This email address is not allowed.' },
  'verification_record.not_found': { status: 400, message: 'Verification record not found.' },
  'verification_record.permission_denied': { status: 401, message: 'Permission denied, please re-authenticate.' },
} as const;
