import { generatedErrorCodes } from '../generated/error-codes.js';

/**
 * Error codes shared by the server and the console. Codes and statuses follow Logto's Management API where
 * Logto has the same error; messages are English fallbacks (the console translates by code).
 *
 * Codes that descriptors name (unique rules, relation duplicates) are generated into `generatedErrorCodes`; an
 * entry here for one of them only gives it Logto's wording (codegen rejects a different status).
 */
export const handWrittenErrorCodes = {
  'auth.authorization_header_missing': { status: 401, message: 'Authorization header is missing.' },
  'auth.authorization_token_type_not_supported': { status: 401, message: 'Authorization type is not supported.' },
  'auth.unauthorized': { status: 401, message: 'Unauthorized. Please check credentials and its scope.' },
  'auth.forbidden': { status: 403, message: 'Forbidden. Please check your user roles and permissions.' },
  'guard.invalid_input': { status: 400, message: 'The request {{type}} is invalid.' },
  'guard.invalid_pagination': { status: 400, message: 'The request pagination value is invalid.' },
  'entity.not_exists_with_id': { status: 404, message: 'The {{name}} with ID `{{id}}` does not exist.' },
  'entity.not_found': { status: 404, message: 'The resource does not exist.' },
  'entity.not_exists': { status: 404, message: 'The {{name}} does not exist.' },
  'entity.db_constraint_violated': { status: 422, message: 'Database constraint violated.' },
  'oidc.session_not_found': { status: 404, message: 'Session not found. Please go back and sign in again.' },
  'oidc.invalid_session_account_id': { status: 404, message: 'The session does not belong to this user.' },
  'oidc.invalid_grant': { status: 404, message: 'The grant does not exist or does not belong to this user.' },
  'oidc.invalid_request': { status: 422, message: 'Request is invalid.' },
  'oidc.key_required': { status: 422, message: 'At least one key is required.' },
  'oidc.key_not_found': { status: 404, message: 'Key with ID {{id}} is not found.' },
  'oidc.only_previous_key_can_be_deleted': { status: 422, message: 'Only a previous key can be deleted.' },
  'oidc.key_status_taken': { status: 422, message: 'The key type already has a key of this status.' },
  'entity.relation_foreign_key_not_found': {
    status: 422,
    message:
      'Cannot find one or more foreign keys. Please check the input and ensure that all referenced entities exist.',
  },
  'entity.unique_integrity_violation': {
    status: 422,
    message: 'The entity already exists. Please check the input and try again.',
  },
  'organization.require_membership': { status: 422, message: 'The user is not a member of the organization.' },
  'organization.role_names_not_found': { status: 422, message: 'Organization roles with names {{names}} not found.' },
  'role.name_in_use': { status: 422, message: 'This role name {{name}} is already in use.' },
  'role.scope_exists': { status: 422, message: 'The scope id {{id}} has already been added to this role.' },
  'role.user_exists': { status: 422, message: 'The user {{id}} has already been assigned this role.' },
  'role.application_exists': { status: 422, message: 'The application {{id}} has already been assigned this role.' },
  'scope.name_exists': { status: 422, message: 'The scope name {{name}} is already in use.' },
  'resource.resource_identifier_in_use': {
    status: 422,
    message: 'The API identifier {{indicator}} is already in use.',
  },
  'hook.send_test_payload_failed': { status: 422, message: 'Failed to send test payload: {{message}}' },
  'application.invalid_type': { status: 422, message: 'Only machine-to-machine applications can have roles.' },
  'application.invalid_role_type': {
    status: 422,
    message: 'Only machine-to-machine roles can be assigned to a machine-to-machine application.',
  },
  'application.role_exists': { status: 422, message: 'The role {{id}} has already been assigned to this application.' },
  'application.secret_name_exists': { status: 422, message: 'A secret named {{name}} already exists.' },
  'user.role_exists': { status: 422, message: 'The role {{id}} has already been assigned to this user.' },
  'user.invalid_role_type': {
    status: 422,
    message: 'Invalid role type: a machine-to-machine role cannot be assigned to a user.',
  },
  'user.username_already_in_use': { status: 422, message: 'This username is already in use.' },
  'user.email_already_in_use': { status: 422, message: 'This email is associated with an existing account.' },
  'user.personal_access_token_name_exists': {
    status: 422,
    message: 'A personal access token with this name already exists.',
  },
  'user.identity_not_exist': { status: 404, message: 'The social account has not been registered yet.' },
  'user.identity_already_in_use': {
    status: 422,
    message: 'The social account has been associated with an existing account.',
  },
  'user.enterprise_sso_identity_not_exists': {
    status: 404,
    message:
      'The user does not have an enterprise identity linked to the specified SSO connector ID: {{ssoConnectorId}}.',
  },
  'user.totp_already_in_use': { status: 422, message: 'TOTP is already in use.' },
  'user.totp_secret_invalid': { status: 422, message: 'Invalid TOTP secret supplied.' },
  'user.backup_code_already_in_use': { status: 422, message: 'Backup code is already in use.' },
  'user.wrong_backup_code_format': { status: 422, message: 'Backup code format is invalid.' },
  'session.mfa.backup_code_can_not_be_alone': { status: 422, message: 'Backup code can not be the only MFA.' },
  'user.phone_already_in_use': { status: 422, message: 'This phone number is associated with an existing account.' },
  'user.password_and_digest': { status: 400, message: 'You cannot set both plain text password and password digest.' },
  'user.password_algorithm_required': { status: 400, message: 'A password digest needs its passwordAlgorithm.' },
  'password.unsupported_encryption_method': {
    status: 400,
    message: 'The encryption method {{name}} is not supported.',
  },
  'password.invalid_digest': { status: 400, message: 'The password digest is not a {{name}} hash.' },
  'password.invalid_legacy_password_format': { status: 400, message: 'Invalid legacy password format.' },
  'password_rejected.too_short': { status: 422, message: 'The password must have at least {{min}} characters.' },
  'password_rejected.too_long': { status: 422, message: 'The password must have at most {{max}} characters.' },
  'password_rejected.unsupported_characters': {
    status: 422,
    message: 'The password may contain only letters, digits, spaces and the symbols of an English keyboard.',
  },
  'password_rejected.character_types': {
    status: 422,
    message: 'The password must mix at least {{count}} of lowercase letters, uppercase letters, digits and symbols.',
  },
  'session.invalid_credentials': { status: 422, message: 'Account or password is incorrect. Please check your input.' },
  'sign_in_experiences.password_expiration_not_enabled': {
    status: 400,
    message: 'Password expiration is not enabled for this tenant.',
  },
  'request.unsupported_media_type': { status: 415, message: 'The request body must be JSON.' },
  'request.payload_too_large': { status: 413, message: 'The request body is larger than {{limit}} bytes.' },
  'request.invalid_input': { status: 400, message: 'Input is invalid. {{details}}' },
  'request.general': { status: 400, message: 'Request error occurred.' },
  'connector.not_found': { status: 501, message: 'Cannot find any available connector for type: {{type}}.' },
  'unexpected.general': { status: 500, message: 'Something went wrong on the server.' },
} as const satisfies Record<string, { status: number; message: string }>;

export const errorCodes = { ...generatedErrorCodes, ...handWrittenErrorCodes } as const satisfies Record<
  string,
  { status: number; message: string }
>;

export type ErrorCode = keyof typeof errorCodes;

/** The body of every error response. */
export interface ErrorBody {
  message: string;
  code: string;
  data?: unknown;
}

/** One schema violation inside `data.issues` of a `guard.invalid_input` error. */
export interface InputIssue {
  /** JSON pointer of the offending value inside the body, e.g. `/config/url` ('' for the body itself). */
  path: string;
  /** The failed keyword, e.g. `maxLength`, `required`, `additionalProperties`. */
  keyword: string;
  message: string;
  params: Record<string, unknown>;
}

export const interpolate = (template: string, values: Record<string, unknown> = {}): string =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
