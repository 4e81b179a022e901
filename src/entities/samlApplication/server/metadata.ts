import * as saml from 'samlify';
import { POST_BINDING, REDIRECT_BINDING } from './settings.js';

interface IdentityProviderInput {
  entityId: string;
  singleSignOn: string;
  certificate: string;
  nameIdFormat: string;
  /** For signing responses (not needed for the metadata). */
  privateKey?: string;
  /** Whether assertions are encrypted for the service provider. */
  encryptAssertion?: boolean;
  /** The attributes an assertion carries: each SAML attribute's name and the tag its value replaces. */
  attributes?: { name: string; valueTag: string }[];
}

/**
 * samlify warns on the console each time it builds an identity provider without a single logout service, which
 * Gatehouse does not offer: that one warning is left out (building is synchronous, so nothing else runs meanwhile).
 */
export const withoutLogoutWarning = <T>(build: () => T): T => {
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
export const identityProvider = (input: IdentityProviderInput) =>
  withoutLogoutWarning(() =>
    saml.IdentityProvider({
      entityID: input.entityId,
      signingCert: input.certificate,
      ...(input.privateKey ? { privateKey: input.privateKey } : {}),
      nameIDFormat: [input.nameIdFormat],
      wantAuthnRequestsSigned: false,
      isAssertionEncrypted: input.encryptAssertion ?? false,
      singleSignOnService: [
        { Binding: REDIRECT_BINDING, Location: input.singleSignOn },
        { Binding: POST_BINDING, Location: input.singleSignOn },
      ],
      loginResponseTemplate: {
        context: saml.SamlLib.defaultLoginResponseTemplate.context,
        attributes: (input.attributes ?? []).map(({ name, valueTag }) => ({
          name,
          valueTag,
          nameFormat: 'urn:oasis:names:tc:SAML:2.0:attrname-format:basic',
          valueXsiType: 'xs:string',
        })),
      },
    }),
  );

/** The identity provider's metadata document for a SAML application, with its active certificate. */
export const identityProviderMetadata = (input: IdentityProviderInput) => identityProvider(input).getMetadata();

/**
 * The service provider as the application's settings describe it. `signAssertion`: the assertion is signed rather
 * than the whole response (for an assertion signed, then encrypted, whose signature travels inside it).
 */
export const serviceProvider = (
  entityId: string,
  acsUrl: string,
  { encryptionCertificate, signAssertion = false }: { encryptionCertificate?: string; signAssertion?: boolean } = {},
) =>
  saml.ServiceProvider({
    entityID: entityId,
    assertionConsumerService: [{ Binding: POST_BINDING, Location: acsUrl }],
    ...(encryptionCertificate ? { encryptCert: encryptionCertificate } : {}),
    wantAssertionsSigned: signAssertion,
    wantMessageSigned: !signAssertion,
  });
