import { configIssues, findFactory } from '../../../server/connectors/factories.js';
import type { ActionOverride } from '../../../server/crud/overrides.js';
import { ApiError } from '../../../server/http/api-error.js';
import { emailSenderFor } from '../../../server/messages/email-sender.js';
import { smsSenderFor } from '../../../server/messages/sms-sender.js';
import { invalidConfig } from './config-errors.js';

type Run = Parameters<ActionOverride['run']>[0];

/**
 * `POST /api/connectors/{factoryId}/test`: sends a test message (the Generic template, code `000000`) with a
 * configuration that need not be saved, as Logto's config testing does; 204 once the server accepted it.
 */
export const sendTest = async ({ params, body, operations }: Run): Promise<undefined> => {
  const { email, phone, config, locale } = body as {
    email?: string;
    phone?: string;
    config: Record<string, unknown>;
    locale?: string;
  };
  const to = phone ?? email;
  if (!to) throw new ApiError('guard.invalid_input', { type: 'body' });
  const expected = phone ? 'Sms' : 'Email';
  const factory = findFactory(String(params.factoryId), operations.model);
  if (!factory || (factory.type !== 'Email' && factory.type !== 'Sms')) {
    throw new ApiError('connector.not_found', { type: expected }, undefined, 400);
  }
  if (factory.type !== expected) throw new ApiError('connector.unexpected_type');
  const issues = configIssues(factory, config);
  if (issues.length > 0) throw invalidConfig(issues);
  const message = { to, template: 'Generic' as const, payload: { code: '000000', ...(locale ? { locale } : {}) } };
  await (factory.type === 'Sms' ? smsSenderFor : emailSenderFor)(factory.sender, config).send(message);
  return undefined;
};
