import { randomUUID } from 'node:crypto';
import * as saml from 'samlify';
import { ApiError } from '../../../server/http/api-error.js';
import { EMAIL_FORMAT, type SamlApplicationDetails } from './details.js';
import { identityProvider, serviceProvider } from './metadata.js';

const TRANSIENT_FORMAT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient';
/** How long the service provider may take the assertion for (Logto's ten minutes). */
const VALID_FOR_MS = 10 * 60 * 1000;
const AUTHN_STATEMENT =
  '<saml:AuthnStatement AuthnInstant="{IssueInstant}" SessionIndex="{SessionIndex}"><saml:AuthnContext>' +
  '<saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef>' +
  '</saml:AuthnContext></saml:AuthnStatement>';

export type UserInfo = Record<string, unknown> & { sub: string };

/** The attributes an assertion carries: the mapping's (claim → attribute name), else `sub`, `email` and `name`. */
const attributesOf = ({ attributeMapping }: SamlApplicationDetails) => {
  const mapped = Object.entries(attributeMapping);
  const pairs = mapped.length > 0 ? mapped : (['sub', 'email', 'name'] as const).map((claim) => [claim, claim]);
  return pairs.map(([claim, name], index) => ({ claim, name, valueTag: `value${index}`, tag: `attrValue${index}` }));
};

const attributeValue = (value: unknown) =>
  value === null || value === undefined ? null : typeof value === 'object' ? JSON.stringify(value) : String(value);

/** The subject the assertion names, in the application's NameID format. */
const nameIdOf = ({ nameIdFormat }: SamlApplicationDetails, user: UserInfo) => {
  if (nameIdFormat === TRANSIENT_FORMAT) return `_${randomUUID()}`;
  if (nameIdFormat !== EMAIL_FORMAT) return user.sub;
  if (typeof user.email !== 'string' || !user.email) throw new ApiError('application.saml.missing_email_address');
  if (user.email_verified !== true) throw new ApiError('application.saml.email_address_unverified');
  return user.email;
};

interface ResponseInput {
  details: SamlApplicationDetails & { entityId: string; acsUrl: { url: string } };
  idp: { entityId: string; singleSignOn: string; certificate: string; privateKey: string; nameIdFormat: string };
  user: UserInfo;
  requestId: string;
  relayState: string | null;
}

/** The signed SAML Response (base64) for the service provider: the user's NameID and attributes, its request's ID. */
export const samlResponse = async ({ details, idp: provider, user, requestId, relayState }: ResponseInput) => {
  const attributes = attributesOf(details);
  const idp = identityProvider({
    ...provider,
    encryptAssertion: details.encryption?.encryptAssertion === true,
    attributes: attributes.map(({ name, valueTag }) => ({ name, valueTag })),
  });
  // Signed, then encrypted: the assertion carries the signature inside its encryption. Encrypted, then signed: the
  // response's signature covers the encrypted assertion. Unencrypted: the response is signed.
  const encrypted = details.encryption?.encryptAssertion === true;
  const encryptThenSign = details.encryption?.encryptThenSign === true;
  const sp = serviceProvider(details.entityId, details.acsUrl.url, {
    ...(details.encryption?.certificate ? { encryptionCertificate: details.encryption.certificate } : {}),
    signAssertion: encrypted && !encryptThenSign,
  });
  const nameId = nameIdOf(details, user);
  const now = new Date();
  const until = new Date(now.getTime() + VALID_FOR_MS).toISOString();
  const id = `_${randomUUID()}`;
  const { context } = await idp.createLoginResponse(
    sp,
    { extract: { request: { id: requestId } } },
    'post',
    user,
    (template: string) => ({
      id,
      context: saml.SamlLib.replaceTagsByValue(template.replace('{AuthnStatement}', AUTHN_STATEMENT), {
        ID: id,
        AssertionID: `_${randomUUID()}`,
        Destination: details.acsUrl.url,
        Audience: details.entityId,
        SubjectRecipient: details.acsUrl.url,
        Issuer: provider.entityId,
        IssueInstant: now.toISOString(),
        StatusCode: 'urn:oasis:names:tc:SAML:2.0:status:Success',
        ConditionsNotBefore: now.toISOString(),
        ConditionsNotOnOrAfter: until,
        SubjectConfirmationDataNotOnOrAfter: until,
        NameIDFormat: details.nameIdFormat,
        NameID: nameId,
        InResponseTo: requestId,
        SessionIndex: id,
        ...Object.fromEntries(attributes.map(({ claim, tag }) => [tag, attributeValue(user[claim])])),
      }),
    }),
    encryptThenSign,
    relayState ?? undefined,
  );
  return context;
};
