import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestIdentityProvider } from '../api/saml-identity-provider';

export interface SamlIdpServer {
  /** Where the provider's portal starts a sign-in on its own. */
  initiateUrl: string;
  /** The identity provider's metadata, for the connector. */
  metadata: string;
  /** Who signs in next: the NameID and email the next response names. */
  signsInAs: { email: string; name: string };
  close: () => Promise<unknown>;
}

const htmlEscape = (value: string) => value.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A SAML identity provider a browser can reach: its sign-in URL takes the service provider's AuthnRequest (redirect
 * binding) and answers a page whose "Continue" button posts the signed response, with the RelayState, to the
 * assertion consumer service the service provider named (`sp` of the connector, known once it exists); `/initiate`
 * answers the same page with a response nobody asked for (an IdP-initiated sign-in).
 */
export const startSamlIdpServer = async (sp: () => { entityId: string; acs: string }): Promise<SamlIdpServer> => {
  const signsInAs = { email: '', name: '' };
  let idp: Awaited<ReturnType<typeof startTestIdentityProvider>> | undefined;
  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://idp.local');
      // `/initiate` is the provider's portal starting a sign-in on its own (no request, no RelayState).
      if ((url.pathname !== '/sso' && url.pathname !== '/initiate') || !idp) return response.writeHead(404).end();
      const requestId = url.pathname === '/sso' ? await idp.requestIdOf(sp(), url.toString()) : undefined;
      const SAMLResponse = await idp.respond(sp(), { requestId, nameId: signsInAs.email, ...signsInAs });
      const relayState = url.searchParams.get('RelayState') ?? '';
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
        `<!DOCTYPE html><html lang="en"><title>Test identity provider</title><main><h1>Test identity provider</h1>
<form method="post" action="${htmlEscape(sp().acs)}"><input type="hidden" name="SAMLResponse" value="${htmlEscape(SAMLResponse)}">
<input type="hidden" name="RelayState" value="${htmlEscape(relayState)}"><button type="submit">Continue</button></form></main></html>`,
      );
    })().catch(() => response.writeHead(400).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  idp = await startTestIdentityProvider(`http://127.0.0.1:${port}`, `http://127.0.0.1:${port}/sso`);
  return {
    initiateUrl: `http://127.0.0.1:${port}/initiate`,
    metadata: idp.metadata,
    signsInAs,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
};
