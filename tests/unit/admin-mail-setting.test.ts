/**
 * ADMIN_SMTP_URL, the admin tenant's mail server for console users' codes and invitations: read from an smtp(s) URL
 * with the sender in `?from=`; a malformed one refuses the start with the reason.
 */
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../src/server/config.js';
import { StartRefused } from '../../src/server/start-refused.js';

describe('the admin mail setting', () => {
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
});
