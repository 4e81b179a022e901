/** The connectors' error codes (Logto's `connector.*`, and the SSO connectors' IdP-initiated sign-in), part of the hand-written codes. */
export const connectorErrorCodes = {
  'connector.email_connector.bulk_deletion_no_filter': {
    status: 422,
    message:
      'At least one filter condition must be provided to perform bulk deletion by properties. Supported properties are: {{properties}}.',
  },
  'connector.not_found': { status: 501, message: 'Cannot find any available connector for type: {{type}}.' },
  'connector.general': { status: 400, message: 'Error occurred in connector: {{errorDescription}}' },
  'connector.invalid_config': { status: 400, message: "The connector's config is invalid." },
  'connector.invalid_response': { status: 400, message: "The connector's response is invalid." },
  'connector.invalid_auth_code': { status: 400, message: "The connector's auth code is invalid." },
  'connector.should_specify_target': { status: 400, message: "You should specify 'target'." },
  'connector.can_not_modify_target': { status: 400, message: "The connector 'target' can not be modified." },
  'connector.multiple_instances_not_supported': {
    status: 422,
    message: 'Multiple instances are not supported for this connector.',
  },
  'connector.multiple_target_with_same_platform': {
    status: 422,
    message: 'You cannot have multiple social connectors that have the same target and platform.',
  },
  'connector.not_implemented': { status: 501, message: '{{method}}: has not been implemented yet.' },
  'session.connector_validation_session_not_found': {
    status: 404,
    message: 'The connector session for token validation is not found.',
  },
  'connector.unexpected_type': { status: 400, message: "The connector's type is unexpected." },
  'connector.template_not_found': { status: 400, message: 'Unable to find correct template in connector config.' },
  'connector.not_found_with_connector_id': {
    status: 422,
    message: 'Can not find connector with given standard connector id.',
  },
  'connector.invalid_type_for_syncing_profile': {
    status: 422,
    message: 'You can only sync user profile with social connectors.',
  },
  'connector.cannot_overwrite_metadata_for_non_standard_connector': {
    status: 400,
    message: "This connector's 'metadata' cannot be overwritten.",
  },
  'connector.token_storage_not_supported': {
    status: 422,
    message: 'This connector does not support token storage. ',
  },
  'single_sign_on.idp_initiated_authentication_not_supported': {
    status: 400,
    message: 'IdP-initiated authentication is exclusively supported for SAML connectors.',
  },
  'single_sign_on.idp_initiated_authentication_invalid_application_type': {
    status: 400,
    message: 'Invalid application type. Only {{type}} applications are allowed.',
  },
  'single_sign_on.idp_initiated_authentication_redirect_uri_not_registered': {
    status: 400,
    message: 'The redirect_uri is not registered. Please check the application settings.',
  },
  'single_sign_on.idp_initiated_authentication_client_callback_uri_not_found': {
    status: 400,
    message: 'The client IdP-initiated authentication callback URI is not found. Please check the connector settings.',
  },
} as const satisfies Record<string, { status: number; message: string }>;
