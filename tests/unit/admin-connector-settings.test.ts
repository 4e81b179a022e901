/**
 * The admin tenant's connectors from the environment: ADMIN_SMTP_URL, the mail server for console users' codes and
 * invitations (an smtp(s) URL with the sender in `?from=`), and ADMIN_SOCIAL_CONNECTORS, the social connectors they
 * link accounts of (a JSON array); a malformed one refuses the start with the reason.
 */
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../src/server/config.js';
import { StartRefused } from '../../src/server/start-refused.js';

describe('the admin tenant connector settings', () => {
  it('is off unless set, and reads host, port, account, sender and TLS from the URL', () => {
    expect(readConfig({}).adminMail).toBeUndefined();
    const mail = readConfig({ ADMIN_SMTP_URL: 'smtps://mailer:p%40ss@mail.example.com?from=noreply@example.com' });
    expect(mail.adminMail).toMatchObject({
      host: 'mail.example.com',
      port: 465,
      secure: true,
      auth: { user: 'mailer', pass: 'p@ss' },
      fromEmail: 'noreply@example.com',
    });
    expect(mail.adminMail?.templates.map((template) => template.usageType)).toContain('Generic');
    expect(readConfig({ ADMIN_SMTP_URL: 'smtp://relay:2525?from=a@b.c' }).adminMail).toMatchObject({
      port: 2525,
      secure: false,
      auth: {},
    });
  });

  it('refuses a URL of another scheme or without a sender', () => {
    expect(() => readConfig({ ADMIN_SMTP_URL: 'https://mail.example.com' })).toThrow(StartRefused);
    expect(() => readConfig({ ADMIN_SMTP_URL: 'smtp://mail.example.com' })).toThrow(/\?from=/);
  });

  it('reads the social connectors as a JSON array of connectors, and refuses anything else', () => {
    expect(readConfig({}).adminSocialConnectors).toEqual([]);
    const connector = { connectorId: 'oidc', config: { clientId: 'c' }, metadata: { target: 'acme' } };
    expect(readConfig({ ADMIN_SOCIAL_CONNECTORS: JSON.stringify([connector]) }).adminSocialConnectors).toEqual([
      connector,
    ]);
    for (const bad of ['{"connectorId":"oidc"}', '[{"config":{}}]', 'not json']) {
      expect(() => readConfig({ ADMIN_SOCIAL_CONNECTORS: bad })).toThrow(/ADMIN_SOCIAL_CONNECTORS must be/);
    }
  });
});
