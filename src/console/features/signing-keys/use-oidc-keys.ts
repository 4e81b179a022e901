import { useCustom, useCustomMutation } from '@refinedev/core';
import { apiRoutes } from '../../../generated/api-paths';
import type { OidcKeyListResponse, OidcKeyRotateBody } from '../../../generated/types';
import { apiPath } from '../../../shared/api-path';
import type { ApiError } from '../../providers/http';

export type KeyType = 'private-keys' | 'cookie-keys';
export type Key = OidcKeyListResponse[number];

/** One key type's keys (`GET /configs/oidc/{keyType}`), with rotate and delete, each refreshing the list. */
export const useOidcKeys = (keyType: KeyType) => {
  const list = useCustom<OidcKeyListResponse>({
    url: apiPath(apiRoutes.oidcKey.actions.list, { keyType }),
    method: 'get',
  });
  const { mutateAsync, mutation } = useCustomMutation<Record<string, unknown>, ApiError>();
  const quiet = { successNotification: false, errorNotification: false } as const;

  const rotate = async (body: OidcKeyRotateBody) => {
    await mutateAsync({
      url: apiPath(apiRoutes.oidcKey.actions.rotate, { keyType }),
      method: 'post',
      values: body,
      ...quiet,
    });
    await list.query.refetch();
  };
  const remove = async (keyId: string) => {
    await mutateAsync({
      url: apiPath(apiRoutes.oidcKey.actions.delete, { keyType, keyId }),
      method: 'delete',
      values: {},
      ...quiet,
    });
    await list.query.refetch();
  };
  const keys: Key[] = list.query.isSuccess ? list.result.data : [];
  return { list, keys, rotate, remove, pending: mutation.isPending };
};
