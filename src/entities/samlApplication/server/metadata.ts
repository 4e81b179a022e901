import * as saml from 'samlify';
import { POST_BINDING, REDIRECT_BINDING } from './settings.js';

interface IdentityProviderInput {
  entityId: string;
  singleSignOn: string;
  certificate: string;
  nameIdFormat: string;
}

/**
 * samlify warns on the console each time it builds an identity provider without a single logout service, which
 * Gatehouse does not offer: that one warning is left out (building is synchronous, so nothing else runs meanwhile).
 */
const withoutLogoutWarning = <T>(build: () => T): T => {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).includes('SingleLogoutService')) warn(...args);
  };
  try {
    return build();
  } finally {
    console.warn = warn;
  }
};

/** The identity provider of a SAML application (samlify's), signing with its active certificate. */
export const identityProvider = ({ entityId, singleSignOn, certificate, nameIdFormat }: IdentityProviderInput) =>
  withoutLogoutWarning(() =>
    saml.IdentityProvider({
      entityID: entityId,
      signingCert: certificate,
      nameIDFormat: [nameIdFormat],
      wantAuthnRequestsSigned: false,
      singleSignOnService: [
        { Binding: REDIRECT_BINDING, Location: singleSignOn },
        { Binding: POST_BINDING, Location: singleSignOn },
      ],
    }),
  );

/** The identity provider's metadata document for a SAML application, with its active certificate. */
export const identityProviderMetadata = (input: IdentityProviderInput) => identityProvider(input).getMetadata();
