/**
 * Error codes of applications and what they run or keep (scripts, consent scopes, secrets, uploads, custom domains);
 * Logto's codes and statuses, English messages (the console translates by code). Part of `handWrittenErrorCodes`.
 */
export const applicationErrorCodes = {
  'guard.file_size_exceeded': { status: 400, message: 'File size exceeded.' },
  'guard.mime_type_not_allowed': { status: 400, message: 'MIME type is not allowed.' },
  'application.device_flow_native_only': {
    status: 422,
    message: 'Device flow is only available for native applications.',
  },
  'application.invalid_third_party_application_type': {
    status: 400,
    message: 'Only traditional web, single-page, and native applications can be marked as third-party apps.',
  },
  'application.device_flow_not_changeable': {
    status: 422,
    message: 'Device flow cannot be changed after application creation.',
  },
  'application.third_party_application_cannot_enable_token_exchange': {
    status: 422,
    message: 'Third-party applications are not allowed to enable token exchange.',
  },
  'domain.domain_in_use': { status: 422, message: 'The domain is already in use.' },
  'domain.limit_to_one_domain': { status: 422, message: 'You can only have one custom domain.' },
  'domain.hostname_already_exists': { status: 422, message: 'This domain already exists in our server.' },
  'application.protected_app_not_configured': {
    status: 501,
    message: 'Protected apps are not configured on this server (PROTECTED_APP_DOMAIN).',
  },
  'application.protected_app_metadata_is_required': { status: 400, message: 'Protected app metadata is required.' },
  'application.invalid_subdomain': { status: 422, message: 'Invalid subdomain.' },
  'application.protected_application_only': {
    status: 400,
    message: 'The feature is only available for protected applications.',
  },
  'application.protected_application_misconfigured': {
    status: 422,
    message: 'Protected application is misconfigured.',
  },
  'application.should_delete_custom_domains_first': { status: 422, message: 'Should delete custom domains first.' },
  'application.custom_domain_not_found': { status: 404, message: 'Custom domain not found.' },
  'domain.domain_is_not_allowed': { status: 400, message: 'This domain is not allowed.' },
  'storage.not_configured': { status: 400, message: 'Storage provider is not configured.' },
  'application.third_party_application_only': {
    status: 422,
    message: 'The feature is only available for third-party applications.',
  },
  'application.user_consent_scopes_not_found': { status: 422, message: 'Invalid user consent scopes.' },
  'application.consent_management_api_scopes_not_allowed': {
    status: 422,
    message: 'Management API scopes are not allowed.',
  },
  'action.general': { status: 422, message: 'An error occurred while running the action.' },
  'jwt_customizer.general': {
    status: 422,
    message: 'An error occurred while customizing the token claims. Please try again later.',
  },
  'application.no_legacy_secret_found': {
    status: 400,
    message: 'The application does not have a legacy secret.',
  },
  'application.invalid_type': { status: 422, message: 'Only machine-to-machine applications can have roles.' },
  'application.invalid_role_type': {
    status: 422,
    message: 'Only machine-to-machine roles can be assigned to a machine-to-machine application.',
  },
  'application.role_exists': { status: 422, message: 'The role {{id}} has already been assigned to this application.' },
  'application.secret_name_exists': { status: 422, message: 'A secret named {{name}} already exists.' },
  'application.saml.use_saml_app_api': {
    status: 400,
    message: 'Use `[METHOD] /saml-applications(/.*)?` API to operate SAML app.',
  },
  'application.saml.saml_application_only': {
    status: 422,
    message: 'The API is only available for SAML applications.',
  },
  'application.saml.acs_url_binding_not_supported': {
    status: 422,
    message: 'Only HTTP-POST binding is supported for receiving SAML assertions.',
  },
  'application.saml.can_not_delete_active_secret': { status: 400, message: 'Can not delete the active secret.' },
  'application.saml.entity_id_required': { status: 400, message: '`entityId` is required.' },
  'application.saml.acs_url_required': { status: 400, message: 'Assertion Consumer Service URL is required.' },
  'application.saml.invalid_saml_request': { status: 400, message: 'Invalid SAML authentication request.' },
  'application.saml.auth_request_issuer_not_match': {
    status: 400,
    message: 'The issuer of the SAML authentication request mismatch with the service provider entity ID.',
  },
  'application.saml.state_mismatch': { status: 400, message: '`state` mismatch.' },
  'application.saml.sp_initiated_saml_sso_session_not_found_in_cookies': {
    status: 400,
    message: 'Service provider initiated SAML SSO session ID not found in cookies.',
  },
  'application.saml.missing_email_address': { status: 400, message: 'The user does not have an email address.' },
  'application.saml.email_address_unverified': { status: 400, message: 'The user email address is not verified.' },
  'application.saml.invalid_certificate_pem_format': { status: 400, message: 'Invalid PEM certificate format.' },
} as const satisfies Record<string, { status: number; message: string }>;
