/** The host a request names (its `Host` header), in lower case and without its port. */
export const requestHost = (header: string | undefined) => (header ?? '').toLowerCase().replace(/:\d+$/, '');

/** Whether a host is the domain or one of its subdomains. */
export const isWithinDomain = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);
