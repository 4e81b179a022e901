import type { ActionOverride, AfterReadOverride, ServerOverride } from '../../../server/crud/overrides.js';
import { withStatus } from '../../../server/crud/overrides.js';
import { uploadCustomUi } from './custom-ui-upload.js';
import { shownBranding } from './default-logos.js';
import { loadSignInExperience } from './load.js';
import { passwordIssues } from './password-policy.js';
import { signInExperienceUpdateHook } from './update.js';
import { findCaseConflicts } from './username-conflicts.js';

type Run = Parameters<ActionOverride['run']>[0];

/**
 * `POST /api/sign-in-exp/default/check-password`: the tenant's password policy applied to a password, for a user
 * when `userId` names one (their name, username, email and phone then count as user information; 404 when it names
 * none); 200 `{ result: true }` or 400 `{ result: false, issues }`.
 */
const checkPassword = async ({ body, context, db, operations, operationsOf, request }: Run) => {
  const { password, userId } = body as { password: string; userId?: string };
  const user = userId ? await operationsOf('user').get(context, userId) : undefined;
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const userInfo = user
    ? {
        name: text(user.name),
        username: text(user.username),
        email: text(user.primaryEmail),
        phoneNumber: text(user.primaryPhone),
      }
    : {};
  const { passwordPolicy } = await loadSignInExperience(db, context.tenantId, operations.model);
  const breached = request.server.breachedPasswords.isBreached;
  const issues = await passwordIssues(password, passwordPolicy, { userInfo, breached });
  return issues.length > 0 ? withStatus(400, { result: false, issues }) : { result: true };
};

/** `GET /api/sign-in-exp/username-policy/case-sensitivity-conflicts?limit=`: usernames that differ only by case. */
const caseConflicts = ({ query, context, db }: Run) =>
  db.withTenant(context.tenantId, (tx) => findCaseConflicts(tx, context.tenantId, Number(query.limit ?? 20)));

/**
 * `POST /api/sign-in-exp/preview` (`preview.ts`). The sign-in pages' templates, texts and assets it renders with are
 * loaded on the first preview, not with the catalog, which is imported where their files cannot be read (the
 * console's tests, in a browser environment).
 */
const preview: ActionOverride['run'] = async (input) => (await import('./preview.js')).preview(input);

/** The record as callers read it: the default logos as the server's own, at the origin the caller reached. */
const present: AfterReadOverride['run'] = (items, { context, model }) =>
  items.map((item) => ({ ...item, branding: shownBranding(model, item.branding, context.origin) }));

export const signInExperienceOverrides = {
  'signInExperience.check-update': signInExperienceUpdateHook,
  'signInExperience.present': { kind: 'afterRead', run: present },
  'signInExperience.check-password': { kind: 'action', run: checkPassword },
  'signInExperience.username-case-conflicts': { kind: 'action', run: caseConflicts },
  'signInExperience.preview': { kind: 'action', run: preview },
  'signInExperience.custom-ui-assets': { kind: 'action', run: uploadCustomUi },
} satisfies Record<string, ServerOverride>;
