import { describe, expect, it } from 'vitest';
import {
  emailBlocklistIssue,
  emailBlocklistPolicyOf,
  isEmailBlocklistItem,
  matchesEmailBlocklistItem,
} from '../../src/entities/user/server/account/email-blocklist.js';

describe('email blocklist', () => {
  it('allows every address under the empty policy', () => {
    const none = emailBlocklistPolicyOf(undefined);
    expect(emailBlocklistIssue(none, 'jane+news@mailinator.com')).toBeUndefined();
  });

  it('refuses sub-addressing when the policy blocks it', () => {
    const policy = emailBlocklistPolicyOf({ blockSubaddressing: true });
    expect(emailBlocklistIssue(policy, 'jane+news@example.com')).toBe(
      'session.email_blocklist.email_subaddressing_not_allowed',
    );
    expect(emailBlocklistIssue(policy, 'jane@example.com')).toBeUndefined();
  });

  it('refuses disposable domains (and their subdomains) from the maintained list', () => {
    const policy = emailBlocklistPolicyOf({ blockDisposableAddresses: true });
    expect(emailBlocklistIssue(policy, 'jane@mailinator.com')).toBe('session.email_blocklist.email_not_allowed');
    expect(emailBlocklistIssue(policy, 'jane@Inbox.Mailinator.com')).toBe('session.email_blocklist.email_not_allowed');
    expect(emailBlocklistIssue(policy, 'jane@example.com')).toBeUndefined();
  });

  it('refuses custom addresses and domains, with wildcards, in any letter case', () => {
    const policy = emailBlocklistPolicyOf({
      customBlocklist: ['spam@example.com', '@blocked.test', '@*.corp.test', 'temp*@example.org'],
    });
    const refused = 'session.email_blocklist.email_not_allowed';
    expect(emailBlocklistIssue(policy, 'Spam@Example.com')).toBe(refused);
    expect(emailBlocklistIssue(policy, 'anyone@blocked.test')).toBe(refused);
    expect(emailBlocklistIssue(policy, 'anyone@eu.corp.test')).toBe(refused);
    expect(emailBlocklistIssue(policy, 'temp42@example.org')).toBe(refused);
    expect(emailBlocklistIssue(policy, 'jane@example.com')).toBeUndefined();
    expect(emailBlocklistIssue(policy, 'anyone@corp.test')).toBeUndefined();
  });

  it("treats Gmail's domains as one and ignores dots in a Gmail local part", () => {
    expect(matchesEmailBlocklistItem('jane.doe@gmail.com', 'janedoe@googlemail.com')).toBe(true);
    expect(matchesEmailBlocklistItem('@googlemail.com', 'x@gmail.com')).toBe(true);
  });

  it('allows only allowlisted addresses when an allowlist is set', () => {
    const policy = emailBlocklistPolicyOf({ customAllowlist: ['@example.com'] });
    expect(emailBlocklistIssue(policy, 'jane@example.com')).toBeUndefined();
    expect(emailBlocklistIssue(policy, 'jane@other.test')).toBe('session.email_blocklist.email_not_allowed');
  });

  it('accepts addresses and @domains as entries, wildcards included, and nothing else', () => {
    for (const item of ['a@b.co', '@example.com', '@*.example.com', 'foo*@example.com']) {
      expect(isEmailBlocklistItem(item)).toBe(true);
    }
    for (const item of ['example.com', '@*', '@*.*', 'a@@b.co', 'a b@c.de', '@.example.com']) {
      expect(isEmailBlocklistItem(item)).toBe(false);
    }
  });
});
