import { describe, expect, it } from 'vitest';
import { domainTarget } from '../../src/entities/domain/server/overrides.js';
import { readConfig } from '../../src/server/config.js';

describe('custom domain settings', () => {
  it('refuses to start with a resolver or a CNAME target the checks could not use', () => {
    expect(() => readConfig({ DNS_RESOLVER: '10.0.0.2:53, 127.0.0.1' })).not.toThrow();
    expect(() => readConfig({ DNS_RESOLVER: 'dns.example.com' })).toThrow(/DNS_RESOLVER must list DNS server/);
    expect(() => readConfig({ CUSTOM_DOMAIN_TARGET: 'edge.example.com' })).not.toThrow();
    expect(() => readConfig({ CUSTOM_DOMAIN_TARGET: 'https://edge.example.com' })).toThrow(/CUSTOM_DOMAIN_TARGET/);
  });

  it('reads the protected apps’ domain in lower case, and refuses one that is not a domain name', () => {
    expect(readConfig({ PROTECTED_APP_DOMAIN: 'Apps.Example.com' }).protectedAppDomain).toBe('apps.example.com');
    expect(readConfig({}).protectedAppDomain).toBeUndefined();
    expect(() => readConfig({ PROTECTED_APP_DOMAIN: 'https://apps.example.com' })).toThrow(/PROTECTED_APP_DOMAIN/);
  });

  it('points domains at CUSTOM_DOMAIN_TARGET, else at the host the server is reached at', () => {
    expect(domainTarget('https://id.example.com', { CUSTOM_DOMAIN_TARGET: 'edge.example.net' })).toBe(
      'edge.example.net',
    );
    expect(domainTarget('https://id.example.com:8443', {})).toBe('id.example.com');
  });
});
