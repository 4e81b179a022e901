import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PublishedDocuments {
  /** The server's base URL: an OpenID issuer whose discovery document it serves. */
  issuer: string;
  /** Where it serves a SAML identity provider's metadata (`metadata`, set by the test). */
  metadataUrl: string;
  metadata: { xml: string };
  close: () => Promise<unknown>;
}

/**
 * A local server publishing what identity providers publish: an OpenID Connect discovery document naming itself as
 * the issuer (`/.well-known/openid-configuration`) and a SAML metadata document (`/saml/metadata`); anything else
 * is 404.
 */
export const startPublishedDocuments = async (): Promise<PublishedDocuments> => {
  const metadata = { xml: '' };
  const server = createServer((request, response) => {
    const { port } = server.address() as AddressInfo;
    const issuer = `http://127.0.0.1:${port}`;
    if (request.url === '/.well-known/openid-configuration') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          issuer,
          authorization_endpoint: `${issuer}/auth`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          userinfo_endpoint: `${issuer}/me`,
        }),
      );
    } else if (request.url === '/saml/metadata' && metadata.xml) {
      response.writeHead(200, { 'content-type': 'application/samlmetadata+xml' });
      response.end(metadata.xml);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  return {
    issuer,
    metadataUrl: `${issuer}/saml/metadata`,
    metadata,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
};
