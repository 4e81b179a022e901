import type { UserRecord } from '../../entities/user/server/account/store.js';
import type { Database } from '../db/database.js';
import { ApiError } from '../http/api-error.js';

export type FieldMode = 'Off' | 'ReadOnly' | 'Edit';
export type AccountField =
  | 'name'
  | 'avatar'
  | 'profile'
  | 'email'
  | 'phone'
  | 'password'
  | 'username'
  | 'social'
  | 'customData'
  | 'mfa';

/** The tenant's account center: whether the Account API is on, and what each field of the account allows. */
export interface AccountCenter {
  enabled: boolean;
  fields: Partial<Record<AccountField, FieldMode>>;
}

/** The tenant's account center (its defaults where none is stored: off); 400 `account_center.not_enabled` when off. */
export const enabledAccountCenter = async (db: Database, tenantId: string): Promise<AccountCenter> => {
  const center = await db.withTenant(tenantId, async (tx) => {
    const { rows } = await tx.query<AccountCenter>(
      'SELECT enabled, fields FROM account_centers WHERE tenant_id = $1 LIMIT 1',
      [tenantId],
    );
    return rows[0];
  });
  if (!center?.enabled) throw new ApiError('account_center.not_enabled');
  return center;
};

const readable = (mode: FieldMode | undefined) => mode === 'ReadOnly' || mode === 'Edit';

/** A change of a field the account center does not let users edit: 400 `account_center.field_not_editable`. */
export const assertEditable = (center: AccountCenter, field: AccountField) => {
  if (center.fields[field] !== 'Edit') throw new ApiError('account_center.field_not_editable');
};

/** Whether the user can prove who they are for a sensitive change (a password, an email address or phone number). */
export const hasSecurityMethod = (user: UserRecord) =>
  Boolean(user.passwordEncrypted || user.primaryEmail || user.primaryPhone);

/**
 * The account as the Account API shows it (Logto's `getScopedProfile` then the account center's filter): the fields
 * the token's scopes cover, of those the account center lets users read.
 */
export const accountProfile = (user: UserRecord, scopes: Set<string>, center: AccountCenter) => {
  const { fields } = center;
  const when = (shown: boolean, values: Record<string, unknown>) => (shown ? values : {});
  const profileScope = scopes.has('profile');
  const { address, ...restProfile } = (user.profile ?? {}) as Record<string, unknown>;
  return {
    id: user.id,
    ...when(profileScope, {
      lastSignInAt: user.lastSignInAt ?? null,
      createdAt: user.createdAt,
      updatedAt: user.updatedAt,
      applicationId: user.applicationId ?? null,
      isSuspended: user.isSuspended,
    }),
    ...when(profileScope && readable(fields.name), { name: user.name ?? null }),
    ...when(profileScope && readable(fields.avatar), { avatar: user.avatar ?? null }),
    ...when(profileScope && readable(fields.username), { username: user.username ?? null }),
    ...when(profileScope && readable(fields.profile), {
      profile: { ...restProfile, ...(scopes.has('address') && address !== undefined ? { address } : {}) },
    }),
    ...when(profileScope && readable(fields.password), { hasPassword: Boolean(user.passwordEncrypted) }),
    ...when(scopes.has('email') && readable(fields.email), { primaryEmail: user.primaryEmail ?? null }),
    ...when(scopes.has('phone') && readable(fields.phone), { primaryPhone: user.primaryPhone ?? null }),
    ...when(scopes.has('custom_data') && readable(fields.customData), { customData: user.customData ?? {} }),
    ...when(scopes.has('identities') && readable(fields.social), { identities: user.identities ?? {} }),
    hasSecurityVerificationMethod: hasSecurityMethod(user),
  };
};
