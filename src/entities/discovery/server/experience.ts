import { factoriesOf } from '../../../server/connectors/factories.js';
import { withoutPrivate } from '../../../server/crud/fields.js';
import type { ActionOverride } from '../../../server/crud/overrides.js';
import type { Entity } from '../../../server/crud/repository.js';
import { SingletonOperations } from '../../../server/crud/singleton-routes.js';
import { resolveSignUpFields } from '../../../server/interaction/profile-fields.js';
import { findEmailSender } from '../../../server/messages/email-sender.js';
import { deepMerged, isPlainObject } from '../../../shared/deep-merged.js';

type ActionInput = Parameters<ActionOverride['run']>[0];

/** An organization's branding, colors and custom CSS, which its members' sign-in pages show (Logto's override). */
const organizationOverride = async ({ context, operationsOf }: ActionInput, organizationId: unknown) => {
  if (typeof organizationId !== 'string' || !organizationId) return {};
  const organizations = operationsOf('organization');
  const found = await organizations.read(context, (tx) =>
    organizations.repository.find(tx, { tenantId: context.tenantId }, organizationId),
  );
  const { branding, color, customCss } = found ?? {};
  return {
    ...(isPlainObject(branding) ? { branding } : {}),
    ...(isPlainObject(color) ? { color } : {}),
    ...(typeof customCss === 'string' && customCss ? { customCss } : {}),
  };
};

/**
 * `GET /api/.well-known/sign-in-exp` (and `/experience`): the sign-in experience as the sign-in pages read it, with
 * an organization's branding over it (`organizationId`), the social connectors it lists, the enterprise SSO
 * connectors when single sign-on is on, whether a password can be reset by email or SMS, and the custom profile
 * fields the sign-up page collects. Settings only the server reads (the email blocklist, the reset methods) stay out.
 * `appId` names the application whose own sign-in experience goes over the tenant's, when it has one.
 */
export const fullSignInExperience = async (input: ActionInput) => {
  const { context, db, operationsOf, query } = input;
  const signInExperiences = operationsOf('signInExperience');
  const stored = withoutPrivate(
    signInExperiences.model,
    await new SingletonOperations(signInExperiences, db).get(context),
  );
  const {
    emailBlocklistPolicy: _blocklist,
    forgotPasswordMethods,
    ...shown
  } = deepMerged(stored, await organizationOverride(input, query.organizationId));
  const connectorModel = operationsOf('connector').model;
  const { tenantId } = context;
  return db.withTenant(tenantId, async (tx) => {
    const connectors = await tx.query<{ id: string; connector_id: string; metadata: Entity }>(
      'SELECT id, connector_id, metadata FROM connectors WHERE tenant_id = $1 ORDER BY created_at',
      [tenantId],
    );
    const factories = factoriesOf(connectorModel);
    const targets = Array.isArray(shown.socialSignInConnectorTargets) ? shown.socialSignInConnectorTargets : [];
    const socialConnectors = connectors.rows.flatMap((row) => {
      const factory = factories.find((candidate) => candidate.id === row.connector_id);
      const metadata = { ...(factory?.metadata ?? {}), ...row.metadata };
      return factory?.type === 'Social' && targets.includes(metadata.target) ? [{ ...metadata, id: row.id }] : [];
    });
    const sso = shown.singleSignOnEnabled
      ? await tx.query<{ id: string; connector_name: string }>(
          'SELECT id, connector_name FROM sso_connectors WHERE tenant_id = $1 ORDER BY created_at',
          [tenantId],
        )
      : { rows: [] };
    const hasEmail = await findEmailSender(tx, tenantId, connectorModel).then(
      () => true,
      () => false,
    );
    const methods = Array.isArray(forgotPasswordMethods) ? forgotPasswordMethods : undefined;
    const catalog = (await operationsOf('customProfileField').repository.list(tx, { tenantId }, {})).items;
    return {
      ...shown,
      socialConnectors,
      ssoConnectors: sso.rows.map((row) => ({ id: row.id, connectorName: row.connector_name, logo: '' })),
      forgotPassword: {
        phone: false,
        email: hasEmail && (!methods || methods.includes('EmailVerificationCode')),
      },
      isDevelopmentTenant: false,
      customProfileFields: resolveSignUpFields(catalog as { name: string }[], shown.signUpProfileFields),
      customProfileFieldCatalog: catalog,
    };
  });
};
