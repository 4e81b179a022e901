import { randomUUID } from 'node:crypto';
import * as saml from 'samlify';
import { makeSigningCertificate } from '../../src/entities/samlApplicationSecret/server/certificate.js';
import '../../src/entities/samlApplication/server/validator.js';

const POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';
const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const AUTHN_STATEMENT =
  '<saml:AuthnStatement AuthnInstant="{IssueInstant}" SessionIndex="{SessionIndex}"><saml:AuthnContext>' +
  '<saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef>' +
  '</saml:AuthnContext></saml:AuthnStatement>';

export const TEST_IDP_SSO = 'https://idp.saml.test/sso';

export interface TestAssertion {
  /** The AuthnRequest the response answers; none for an IdP-initiated response. */
  requestId?: string | undefined;
  nameId: string;
  email: string;
  name?: string;
  /** When the assertion stops being valid (default: in ten minutes). */
  notOnOrAfter?: Date;
  /** Whom the assertion is for (default: the service provider's entity ID). */
  audience?: string;
}

/**
 * A SAML identity provider built in the tests from samlify (the library the product's SAML code uses too): its
 * metadata for the connector, the AuthnRequests it receives read back, and signed responses (the assertion signed,
 * as the service provider's metadata asks) with what the test chooses, including what an attacker would change.
 */
export const startTestIdentityProvider = async (entityId = 'https://idp.saml.test', signInUrl = TEST_IDP_SSO) => {
  const keys = await makeSigningCertificate(1);
  const idp = saml.IdentityProvider({
    entityID: entityId,
    privateKey: keys.privateKey,
    signingCert: keys.certificate,
    nameIDFormat: [EMAIL_FORMAT],
    singleSignOnService: [{ Binding: REDIRECT, Location: signInUrl }],
    loginResponseTemplate: {
      context: saml.SamlLib.defaultLoginResponseTemplate.context,
      attributes: [
        {
          name: 'email',
          valueTag: 'email',
          nameFormat: 'urn:oasis:names:tc:SAML:2.0:attrname-format:basic',
          valueXsiType: 'xs:string',
        },
        {
          name: 'name',
          valueTag: 'name',
          nameFormat: 'urn:oasis:names:tc:SAML:2.0:attrname-format:basic',
          valueXsiType: 'xs:string',
        },
      ],
    },
  });
  const serviceProvider = (sp: { entityId: string; acs: string }) =>
    saml.ServiceProvider({
      entityID: sp.entityId,
      assertionConsumerService: [{ Binding: POST, Location: sp.acs }],
      wantAssertionsSigned: true,
    });

  /** The ID of the AuthnRequest in a redirect to the provider's sign-in URL. */
  const requestIdOf = async (sp: { entityId: string; acs: string }, redirect: string) => {
    const query = Object.fromEntries(new URL(redirect).searchParams);
    const parsed = await idp.parseLoginRequest(serviceProvider(sp), 'redirect', { query });
    return (parsed.extract as { request: { id: string } }).request.id;
  };

  /** A signed SAML response (base64) for the service provider. */
  const respond = async (sp: { entityId: string; acs: string }, assertion: TestAssertion) => {
    const now = new Date();
    const until = (assertion.notOnOrAfter ?? new Date(now.getTime() + 10 * 60_000)).toISOString();
    const id = `_${randomUUID()}`;
    const { context } = await idp.createLoginResponse(
      serviceProvider(sp),
      { extract: { request: { id: assertion.requestId ?? '' } } },
      'post',
      { email: assertion.email },
      (template: string) => {
        const withoutAnswer = assertion.requestId
          ? template
          : template.replaceAll(' InResponseTo="{InResponseTo}"', '');
        return {
          id,
          context: saml.SamlLib.replaceTagsByValue(withoutAnswer.replace('{AuthnStatement}', AUTHN_STATEMENT), {
            ID: id,
            AssertionID: `_${randomUUID()}`,
            Destination: sp.acs,
            Audience: assertion.audience ?? sp.entityId,
            SubjectRecipient: sp.acs,
            Issuer: entityId,
            IssueInstant: now.toISOString(),
            StatusCode: 'urn:oasis:names:tc:SAML:2.0:status:Success',
            ConditionsNotBefore: new Date(now.getTime() - 60_000).toISOString(),
            ConditionsNotOnOrAfter: until,
            SubjectConfirmationDataNotOnOrAfter: until,
            NameIDFormat: EMAIL_FORMAT,
            NameID: assertion.nameId,
            InResponseTo: assertion.requestId ?? '',
            SessionIndex: id,
            attrEmail: assertion.email,
            attrName: assertion.name ?? 'Ann Example',
          }),
        };
      },
    );
    return context as string;
  };

  return { entityId, metadata: idp.getMetadata(), requestIdOf, respond };
};

export const decoded = (response: string) => Buffer.from(response, 'base64').toString('utf8');
export const encoded = (xml: string) => Buffer.from(xml, 'utf8').toString('base64');
