import { applicationErrorCodes } from './application-error-codes.js';
import { cloudErrorCodes } from './cloud-error-codes.js';
import { connectorErrorCodes } from './connector-error-codes.js';
import { experienceErrorCodes } from './experience-error-codes.js';

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
  'auth.expected_role_not_found': {
    status: 401,
    message: 'Expected role not found. Please check your user roles and permissions.',
  },
  'guard.invalid_input': { status: 400, message: 'The request {{type}} is invalid.' },
  'guard.invalid_pagination': { status: 400, message: 'The request pagination value is invalid.' },
  'log.invalid_time_window': { status: 400, message: '`end_time` must be after `start_time`.' },
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
  'custom_profile_fields.entity_not_exists_with_names': {
    status: 400,
    message: 'Cannot find entities with the given names: {{names}}',
  },
  'custom_profile_fields.invalid_min_max_input': { status: 400, message: 'Invalid min and max input.' },
  'custom_profile_fields.invalid_default_value': { status: 400, message: 'Invalid default value.' },
  'custom_profile_fields.invalid_options': { status: 400, message: 'Invalid field options.' },
  'custom_profile_fields.invalid_regex_format': { status: 400, message: 'Invalid regex format.' },
  'custom_profile_fields.invalid_address_components': { status: 400, message: 'Invalid address components.' },
  'custom_profile_fields.invalid_fullname_components': { status: 400, message: 'Invalid fullname components.' },
  'custom_profile_fields.invalid_sub_component_type': { status: 400, message: 'Invalid sub-component type.' },
  'custom_profile_fields.name_exists': { status: 422, message: 'Field already exists with the given name.' },
  'custom_profile_fields.invalid_name': {
    status: 400,
    message: 'Invalid field name, only letters or numbers are allowed, case sensitive.',
  },
  'custom_profile_fields.name_conflict_sign_in_identifier': {
    status: 400,
    message: 'Invalid field name. Reserved sign-in identifier key(s): {{name}}.',
  },
  'custom_profile_fields.name_conflict_built_in_prop': {
    status: 400,
    message: 'Invalid field name. Reserved built-in user profile property name(s): {{name}}.',
  },
  'custom_profile_fields.name_conflict_custom_data': {
    status: 400,
    message: 'Invalid field name. Reserved custom data key(s): {{name}}.',
  },
  'one_time_token.token_not_found': { status: 404, message: 'Token {{token}} not found.' },
  'one_time_token.email_mismatch': { status: 400, message: 'Email mismatch with given token.' },
  'one_time_token.token_expired': { status: 400, message: 'The token is expired.' },
  'one_time_token.token_consumed': { status: 400, message: 'The token has been consumed.' },
  'one_time_token.token_revoked': { status: 400, message: 'The token has been revoked.' },
  'one_time_token.cannot_reactivate_token': { status: 400, message: 'Cannot reactivate the token.' },
  'organization.require_membership': { status: 422, message: 'The user is not a member of the organization.' },
  'organization.role_names_not_found': { status: 422, message: 'Organization roles with names {{names}} not found.' },
  'role.name_in_use': { status: 422, message: 'This role name {{name}} is already in use.' },
  'role.management_api_scopes_not_assignable_to_user_role': {
    status: 400,
    message: 'Cannot assign management API scopes to a user role.',
  },
  'role.scope_exists': { status: 422, message: 'The scope id {{id}} has already been added to this role.' },
  'role.user_exists': { status: 422, message: 'The user {{id}} has already been assigned this role.' },
  'role.application_exists': { status: 422, message: 'The application {{id}} has already been assigned this role.' },
  'scope.name_exists': { status: 422, message: 'The scope name {{name}} is already in use.' },
  'scope.name_with_space': { status: 400, message: 'The name of the scope cannot contain any spaces.' },
  'resource.cannot_delete_management_api': { status: 400, message: 'Cannot delete the management API.' },
  'resource.cannot_modify_management_api': { status: 400, message: 'Cannot modify the management API.' },
  'resource.resource_identifier_in_use': {
    status: 422,
    message: 'The API identifier {{indicator}} is already in use.',
  },
  'hook.missing_events': { status: 400, message: 'You need to provide at least one event.' },
  'config.unknown_file': {
    status: 400,
    message: '{{file}} is not a JSON file in a folder of configuration as code ({{folders}}).',
  },
  'config.missing_key': { status: 400, message: '{{file}} has no {{field}}, the field that names the item.' },
  'config.duplicate_key': {
    status: 422,
    message: 'Two {{folder}} items are named {{key}}: configuration as code names each item by its {{field}}.',
  },
  'hook.send_test_payload_failed': { status: 422, message: 'Failed to send test payload: {{message}}' },
  'hook.endpoint_responded_with_error': { status: 422, message: 'Endpoint responded with error.' },
  'user.cannot_delete_self': { status: 400, message: 'You cannot delete yourself.' },
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
  'session.mfa.webauthn_verification_failed': { status: 400, message: 'WebAuthn verification failed.' },
  'session.mfa.webauthn_verification_not_found': { status: 400, message: 'WebAuthn verification not found.' },
  'user.invalid_phone': { status: 422, message: 'The phone number is invalid.' },
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
  'sign_in_experiences.enabled_connector_not_found': {
    status: 400,
    message: 'Enabled {{type}} connector not found.',
  },
  'sign_in_experiences.passwordless_requires_verify': {
    status: 400,
    message: 'Must enable verify for email/phone sign up identifier.',
  },
  'sign_in_experiences.code_sign_in_must_be_enabled': {
    status: 400,
    message: 'Verification code sign in must be enabled when set a password is not required in sign up.',
  },
  'sign_in_experiences.unsupported_default_language': {
    status: 400,
    message: 'This language - {{language}} is not supported at the moment.',
  },
  'sign_in_experiences.at_least_one_authentication_factor': {
    status: 400,
    message: 'You have to select at least one authentication factor.',
  },
  'sign_in_experiences.backup_code_cannot_be_enabled_alone': {
    status: 400,
    message: 'Backup code cannot be enabled alone.',
  },
  'sign_in_experiences.duplicated_mfa_factors': {
    status: 400,
    message: 'Duplicated MFA factors.',
  },
  'sign_in_experiences.email_verification_code_cannot_be_used_for_mfa': {
    status: 400,
    message: 'Email verification code cannot be used for MFA when email verification is enabled for sign-in.',
  },
  'sign_in_experiences.phone_verification_code_cannot_be_used_for_mfa': {
    status: 400,
    message: 'SMS verification code cannot be used for MFA when SMS verification is enabled for sign-in.',
  },
  'sign_in_experiences.email_verification_code_cannot_be_used_for_sign_in': {
    status: 400,
    message: 'Email verification code cannot be used for sign-in when it is enabled for MFA.',
  },
  'sign_in_experiences.phone_verification_code_cannot_be_used_for_sign_in': {
    status: 400,
    message: 'SMS verification code cannot be used for sign-in when it is enabled for MFA.',
  },
  'sign_in_experiences.adaptive_mfa_requires_mfa': {
    status: 422,
    message: 'MFA must be enabled before enabling adaptive MFA.',
  },
  'sign_in_experiences.adaptive_mfa_requires_non_skippable_policy': {
    status: 422,
    message:
      'Adaptive MFA requires a non-skippable MFA prompt policy. Use PromptOnlyAtSignInMandatory or PromptAtSignInAndSignUpMandatory.',
  },
  'sign_in_experiences.non_adaptive_mfa_requires_skippable_policy': {
    status: 422,
    message:
      'When adaptive MFA is disabled, MFA prompt policy must be skippable. Do not use PromptOnlyAtSignInMandatory or PromptAtSignInAndSignUpMandatory.',
  },
  'sign_in_experiences.duplicated_sign_up_identifiers': {
    status: 400,
    message: 'Duplicate sign-up identifiers detected.',
  },
  'sign_in_experiences.missing_sign_up_identifiers': {
    status: 400,
    message: 'Primary sign-up identifier cannot be empty.',
  },
  'sign_in_experiences.invalid_custom_email_blocklist_format': {
    status: 400,
    message:
      'Invalid custom email blocklist items: {{items}}. Each item must be a valid email address or email domain, e.g., foo@example.com or @example.com.',
  },
  'sign_in_experiences.forgot_password_method_requires_connector': {
    status: 400,
    message: 'Forgot password method requires a corresponding {{method}} connector to be configured.',
  },
  'sign_in_experiences.password_expiration_requires_forgot_password': {
    status: 422,
    message: 'Password expiration requires at least one forgot password method with a valid connector.',
  },
  'sign_in_experiences.password_expiration_invalid_period_days': {
    status: 422,
    message: 'Valid period days must be a positive integer when password expiration is enabled.',
  },
  'sign_in_experiences.username_policy_case_conflicts_exist': {
    status: 409,
    message:
      'Cannot switch to case-insensitive usernames while usernames that differ only by case exist. Resolve the conflicts and try again.',
  },
  'localization.invalid_translation_structure': {
    status: 422,
    message: 'Invalid data schemas. Please check your input and try again.',
  },
  'localization.cannot_delete_default_language': {
    status: 409,
    message: '{{languageTag}} is set as your default language and can’t be deleted.',
  },
  'request.unsupported_media_type': { status: 415, message: 'The request body must be JSON.' },
  'request.payload_too_large': { status: 413, message: 'The request body is larger than {{limit}} bytes.' },
  'request.invalid_input': { status: 400, message: 'Input is invalid. {{details}}' },
  'request.general': { status: 400, message: 'Request error occurred.' },
  'verification_code.not_found': {
    status: 400,
    message: 'Verification code not found. Please send a verification code first.',
  },
  'verification_code.email_mismatch': { status: 400, message: 'Email verification failed. Please check your email.' },
  'verification_code.phone_mismatch': { status: 400, message: 'Phone verification failed. Please check your phone.' },
  'verification_code.expired': { status: 400, message: 'Verification code has expired. Please send a new one.' },
  'verification_code.exceed_max_try': {
    status: 400,
    message: 'Verification code retries limitation exceeded. Please send a new verification code.',
  },
  'verification_code.code_mismatch': { status: 400, message: 'Invalid verification code.' },
  'request.message_rate_limited': {
    status: 429,
    message: 'Too many messages were sent to this recipient. Try again later.',
  },
  'session.insufficient_info': { status: 400, message: 'Insufficient sign-in info.' },
  'request.feature_not_supported': { status: 422, message: 'This feature is not supported.' },
  'single_sign_on.forbidden_domains': { status: 422, message: 'Public email domains are not allowed.' },
  'single_sign_on.duplicated_domains': { status: 422, message: 'There are duplicate domains.' },
  'single_sign_on.duplicate_connector_name': {
    status: 409,
    message: 'Connector name already exists. Please choose a different name.',
  },
  'unexpected.general': { status: 500, message: 'Something went wrong on the server.' },
  ...applicationErrorCodes,
  ...connectorErrorCodes,
  ...experienceErrorCodes,
  ...cloudErrorCodes,
} as const satisfies Record<string, { status: number; message: string }>;
