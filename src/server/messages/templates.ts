/** The usage types of Logto's message templates (its `TemplateType`): what a message is sent for. */
export const templateTypes = [
  'SignIn',
  'Register',
  'ForgotPassword',
  'OrganizationInvitation',
  'Generic',
  'UserPermissionValidation',
  'BindNewIdentifier',
  'MfaVerification',
  'BindMfa',
] as const;

export type TemplateType = (typeof templateTypes)[number];

export interface MessageTemplate {
  usageType: string;
  contentType: 'text/plain' | 'text/html';
  subject: string;
  content: string;
}

/** The template for a usage type, else the Generic one (Logto's `getConfigTemplateByType`). */
export const templateFor = (templates: MessageTemplate[] | undefined, type: string): MessageTemplate | undefined =>
  templates?.find((template) => template.usageType === type) ??
  templates?.find((template) => template.usageType === 'Generic');
