import { X509Certificate } from 'node:crypto';
import type { RequestContext } from '../../../server/crud/context.js';
import { generateId } from '../../../server/crud/ids.js';
import { type ActionOverride, anyone, type ServerOverride } from '../../../server/crud/overrides.js';
import type { Entity } from '../../../server/crud/repository.js';
import type { Queryable } from '../../../server/db/database.js';
import { ApiError } from '../../../server/http/api-error.js';
import { withDefaults } from '../../../shared/defaults.js';
import { newClientSecret } from '../../application/server/overrides.js';
import { assertStoredRules } from '../../applicationAccessControl/server/rules.js';
import { makeSigningCertificate } from '../../samlApplicationSecret/server/certificate.js';
import { finishSignOn } from './callback.js';
import { identityProviderOf, samlApplicationDetails } from './details.js';
import { identityProviderMetadata } from './metadata.js';
import { applicationFieldsOf, POST_BINDING, samlApplicationOf, samlUrls, settingsOf } from './settings.js';

type Run = Parameters<ActionOverride['run']>[0];

/**
 * An encrypted assertion needs `encryptThenSign` and the service provider's certificate (Logto's rule), and the
 * certificate must be one (400 `application.saml.invalid_certificate_pem_format`), or no sign-in could be answered.
 */
const assertEncryption = (encryption: unknown) => {
  const { encryptAssertion, encryptThenSign, certificate } = (encryption ?? {}) as Record<string, unknown>;
  if (encryptAssertion === true && (encryptThenSign === undefined || certificate === undefined)) {
    const message = '`encryptThenSign` and `certificate` are required when `encryptAssertion` is `true`';
    throw new ApiError('guard.invalid_input', { type: 'body' }, { issues: [{ path: '/encryption', message }] });
  }
  if (typeof certificate !== 'string') return;
  try {
    new X509Certificate(certificate);
  } catch {
    throw new ApiError('application.saml.invalid_certificate_pem_format');
  }
};

/** A new SAML application's first certificate, active at once, lasts three years (Logto's). */
const FIRST_CERTIFICATE_YEARS = 3;

/** The response goes to the service provider by a form it posts (HTTP-POST); nothing else is supported (Logto's 422). */
const assertPostBinding = (acsUrl: unknown) => {
  if (acsUrl && (acsUrl as { binding?: unknown }).binding !== POST_BINDING) {
    throw new ApiError('application.saml.acs_url_binding_not_supported');
  }
};

/** The application row of `id`, which must be a SAML application's (404 when unknown, 422 for another kind). */
const samlApplicationRow = async (
  { operationsOf }: Run,
  tx: Queryable,
  context: RequestContext,
  id: string,
  lock = true,
) => {
  const applications = operationsOf('application');
  const application = await applications.repository.find(tx, { tenantId: context.tenantId }, id, lock);
  if (!application) throw applications.notFound(id);
  if (application.type !== 'SAML') throw new ApiError('application.saml.saml_application_only');
  return application;
};

const settingsRow = ({ operations }: Run, tx: Queryable, context: RequestContext, id: string) =>
  operations.repository.findBy(tx, { tenantId: context.tenantId }, { applicationId: id });

/**
 * `POST /saml-applications`: the application (type SAML, the server's own OpenID client with its callback as the
 * redirect URI), its settings and an active signing certificate, in one transaction.
 */
const create = async (input: Run) => {
  const { context, body, operations, operationsOf, within } = input;
  assertPostBinding(body.acsUrl);
  assertEncryption(body.encryption);
  const applications = operationsOf('application');
  const secrets = operationsOf('samlApplicationSecret');
  const id = generateId(21);
  const certificate = await makeSigningCertificate(FIRST_CERTIFICATE_YEARS);
  return operations.tx(context, async (tx) => {
    const settingsValues = withDefaults(operations.model.schema, { ...settingsOf(body), id, applicationId: id });
    // The plan's SAML applications quota, counted in this transaction.
    await within?.(tx, settingsValues);
    const application = await applications.repository.insert(
      tx,
      context.tenantId,
      withDefaults(applications.model.schema, {
        ...applicationFieldsOf(body),
        id,
        type: 'SAML',
        secret: newClientSecret(),
        oidcClientMetadata: { redirectUris: [samlUrls(context, id).callback], postLogoutRedirectUris: [] },
      }),
    );
    const settings = await operations.repository.insert(tx, context.tenantId, settingsValues);
    await secrets.repository.insert(tx, context.tenantId, {
      id: generateId(21),
      applicationId: id,
      lifeSpanInYears: FIRST_CERTIFICATE_YEARS,
      active: true,
      ...certificate,
    });
    return samlApplicationOf(application, settings);
  });
};

const get = (input: Run) =>
  input.operations.read(input.context, async (tx) => {
    const application = await samlApplicationRow(input, tx, input.context, input.id, false);
    return samlApplicationOf(application, await settingsRow(input, tx, input.context, input.id));
  });

/** `PATCH`: the application's fields and the settings given (an object setting replaced whole, null clears it). */
const update = async (input: Run) => {
  const { context, body, id, operations, operationsOf } = input;
  assertPostBinding(body.acsUrl);
  assertEncryption(body.encryption);
  return operations.tx(context, async (tx) => {
    const stored = await samlApplicationRow(input, tx, context, id);
    if (body.appLevelAccessControlEnabled === true && stored.appLevelAccessControlEnabled !== true) {
      await assertStoredRules(tx, context.tenantId, id);
    }
    const scope = { tenantId: context.tenantId };
    const fields = applicationFieldsOf(body);
    const application =
      Object.keys(fields).length > 0
        ? await operationsOf('application').repository.update(tx, scope, id, fields)
        : stored;
    const settings = settingsOf(body);
    const storedSettings = await settingsRow(input, tx, context, id);
    const kept: Entity | undefined =
      storedSettings && Object.keys(settings).length > 0
        ? await operations.repository.update(tx, scope, String(storedSettings.id), settings)
        : storedSettings;
    return samlApplicationOf(application ?? stored, kept);
  });
};

/** `DELETE`: the application, and with it its settings, certificates and sign-in sessions. */
const remove = (input: Run) =>
  input.operations.tx(input.context, async (tx) => {
    await samlApplicationRow(input, tx, input.context, input.id);
    await input.operationsOf('application').repository.delete(tx, { tenantId: input.context.tenantId }, input.id);
  });

/** `GET …/metadata` (public): the identity provider's metadata, with the active certificate (404 without one). */
const metadata = async (input: Run) => {
  const details = await samlApplicationDetails(input);
  input.reply.type('text/xml; charset=utf-8');
  return identityProviderMetadata(identityProviderOf(input, details));
};

export const samlApplicationOverrides = {
  'samlApplication.create': { kind: 'action', run: create },
  'samlApplication.get': { kind: 'action', run: get },
  'samlApplication.update': { kind: 'action', run: update },
  'samlApplication.delete': { kind: 'action', run: remove },
  'samlApplication.metadata': { kind: 'action', authenticate: anyone, run: metadata },
  'samlApplication.callback': { kind: 'action', authenticate: anyone, run: finishSignOn },
} satisfies Record<string, ServerOverride>;
