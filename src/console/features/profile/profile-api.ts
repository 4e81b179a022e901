import { apiRoutes, rootRoutes } from '../../../generated/api-paths';
import { apiPath } from '../../../shared/api-path';
import type { AccountUser } from '../../auth/account-api';
import { getAccountApi } from '../../auth/client';

/** The account as the profile reads it (`GET me`): whether it has a password, and its linked identities. */
export interface ProfileAccount extends AccountUser {
  hasPassword?: boolean;
  identities?: Record<string, { userId: string; details?: Record<string, unknown> }>;
}

/** What deleting the account does (cloud): tenants deleted with it, tenants left, and what blocks it. */
export interface DeletionPlan {
  tenantsToDelete: { id: string; name: string }[];
  tenantsToQuit: { id: string; name: string }[];
  blockers: { id: string; name: string; reason: 'paid_plan' | 'subscription_not_active' | 'open_invoices' }[];
}

/** A social connector of the admin tenant the user may link an account of. */
export interface SocialConnector {
  id: string;
  target: string;
  name: Record<string, string>;
  logo: string;
  logoDark: string | null;
}

export interface AssetStatus {
  status: 'ready' | 'not_configured';
  maxUploadFileSize?: number;
}

const me = rootRoutes.me.actions;
const call = <T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown) =>
  getAccountApi().meApi<T>(method, path, body);

/** The signed-in user's own account on the admin tenant (spec §7, the `me` calls). */
export const profileApi = {
  read: () => call<ProfileAccount>('GET', me.get),
  update: (patch: Partial<Pick<AccountUser, 'name' | 'avatar' | 'username' | 'primaryEmail'>>) =>
    call<ProfileAccount>('PATCH', me.update, patch),
  verifyPassword: (password: string) => call<void>('POST', me.verifyPassword, { password }),
  changePassword: (password: string) => call<void>('POST', me.changePassword, { password }),
  sendCode: (email: string) => call<void>('POST', me.sendCode, { email }),
  verifyCode: (email: string, verificationCode: string) =>
    call<void>('POST', me.verifyCode, { email, verificationCode }),
  assetStatus: () => call<AssetStatus>('GET', me.assetStatus),
  upload: (file: File) => {
    const body = new FormData();
    body.append('file', file);
    return call<{ url: string }>('POST', me.uploadAsset, body);
  },
  socialConnectors: () => call<SocialConnector[]>('GET', me.socialConnectors),
  socialAuthorizationUri: (connectorId: string, state: string, redirectUri: string) =>
    call<{ redirectTo: string }>('POST', me.socialAuthorizationUri, { connectorId, state, redirectUri }),
  linkSocial: (connectorId: string, connectorData: Record<string, string>) =>
    call<unknown>('POST', me.socialLink, { connectorId, connectorData }),
  unlinkSocial: (connectorId: string) => call<void>('DELETE', apiPath(me.socialUnlink, { connectorId })),
  deletionPlan: () => getAccountApi().adminApi<DeletionPlan>('GET', apiRoutes.cloudAccount.actions.deletion),
  deleteAccount: () => getAccountApi().adminApi<void>('DELETE', apiRoutes.cloudAccount.actions.delete),
};
