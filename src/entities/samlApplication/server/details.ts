import type { ActionOverride } from '../../../server/crud/overrides.js';
import { ApiError } from '../../../server/http/api-error.js';
import { CLAIMS } from '../../../server/oidc/user-claims.js';
import { samlUrls } from './settings.js';

type Run = Parameters<ActionOverride['run']>[0];

/** What signing a user in to a SAML application needs: its settings, its OpenID client, its active certificate. */
export interface SamlApplicationDetails {
  id: string;
  clientSecret: string;
  entityId: string | null;
  acsUrl: { binding: string; url: string } | null;
  attributeMapping: Record<string, string>;
  encryption: { encryptAssertion?: boolean; encryptThenSign?: boolean; certificate?: string } | null;
  nameIdFormat: string;
  certificate: string;
  privateKey: string;
}

/** The SAML application of `id` with its active certificate; 404 `entity.not_found` without one (or unknown). */
export const samlApplicationDetails = async ({ operations, context, id }: Run): Promise<SamlApplicationDetails> => {
  const found = await operations.read(context, async (tx) => {
    const { rows } = await tx.query<SamlApplicationDetails>(
      `SELECT a.id, a.secret AS "clientSecret", c.entity_id AS "entityId", c.acs_url AS "acsUrl",
              c.attribute_mapping AS "attributeMapping", c.encryption, c.name_id_format AS "nameIdFormat",
              s.certificate, s.private_key AS "privateKey"
         FROM applications a
         JOIN saml_application_configs c ON c.tenant_id = a.tenant_id AND c.application_id = a.id
         JOIN saml_application_secrets s ON s.tenant_id = a.tenant_id AND s.application_id = a.id AND s.active
        WHERE a.tenant_id = $1 AND a.id = $2 AND a.type = 'SAML'`,
      [context.tenantId, id],
    );
    return rows[0];
  });
  if (!found) throw new ApiError('entity.not_found');
  return found;
};

/** The identity provider's side of the application: its entity ID, endpoints, certificate and key. */
export const identityProviderOf = (run: Run, details: SamlApplicationDetails) => ({
  ...samlUrls(run.context, details.id),
  certificate: details.certificate,
  privateKey: details.privateKey,
  nameIdFormat: details.nameIdFormat,
});

export const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

/** The OpenID scopes whose claims the assertion carries: the profile always, and what the mapping names. */
export const scopesFor = ({ attributeMapping, nameIdFormat }: SamlApplicationDetails) => {
  const claims = [...Object.keys(attributeMapping), ...(nameIdFormat === EMAIL_FORMAT ? ['email'] : [])];
  const scopes = Object.entries(CLAIMS)
    .filter(([, released]) => claims.some((claim) => released.includes(claim)))
    .map(([scope]) => scope);
  return [...new Set(['openid', 'profile', ...scopes])].join(' ');
};
