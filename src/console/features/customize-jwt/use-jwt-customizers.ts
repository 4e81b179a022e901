import { useCustom, useCustomMutation } from '@refinedev/core';
import { apiRoutes } from '../../../generated/api-paths';
import { apiPath } from '../../../shared/api-path';
import type { ApiError } from '../../providers/http';

export type TokenType = 'access-token' | 'client-credentials';
export const TOKEN_TYPES: readonly TokenType[] = ['access-token', 'client-credentials'];
export const isTokenType = (value: unknown): value is TokenType => TOKEN_TYPES.includes(value as TokenType);

/** A customizer as the API answers it. */
export interface Customizer {
  script: string;
  environmentVariables?: Record<string, string>;
  contextSample?: Record<string, unknown>;
  tokenSample?: Record<string, unknown>;
  blockIssuanceOnError?: boolean;
}

const KEYS: Record<string, TokenType> = {
  'jwt.accessToken': 'access-token',
  'jwt.clientCredentials': 'client-credentials',
};
const quiet = { successNotification: false, errorNotification: false } as const;

/** The tenant's customizers by token type (`GET /configs/jwt-customizer`), with delete. */
export const useJwtCustomizers = () => {
  const list = useCustom<Array<{ key: string; value: Customizer }>>({
    url: apiPath(apiRoutes.jwtCustomizer.actions.list),
    method: 'get',
  });
  const { mutateAsync } = useCustomMutation<Record<string, unknown>, ApiError>();
  const byType: Partial<Record<TokenType, Customizer>> = {};
  for (const { key, value } of list.query.isSuccess ? list.result.data : []) {
    const tokenType = KEYS[key];
    if (tokenType) byType[tokenType] = value;
  }
  const remove = async (tokenType: TokenType) => {
    await mutateAsync({
      url: apiPath(apiRoutes.jwtCustomizer.actions.delete, { tokenTypePath: tokenType }),
      method: 'delete',
      values: {},
      ...quiet,
    });
    await list.query.refetch();
  };
  return { list, byType, remove };
};

/** Saving (PUT) and test-running a customizer. */
export const useCustomizerWrites = (tokenType: TokenType) => {
  const { mutateAsync, mutation } = useCustomMutation<Record<string, unknown>, ApiError>();
  const save = (values: Customizer) =>
    mutateAsync({
      url: apiPath(apiRoutes.jwtCustomizer.actions.upsert, { tokenTypePath: tokenType }),
      method: 'put',
      values: values as unknown as Record<string, unknown>,
      ...quiet,
    });
  const test = (values: {
    script: string;
    environmentVariables: Record<string, string>;
    token: object;
    context: object;
  }) =>
    mutateAsync({
      url: apiPath(apiRoutes.jwtCustomizer.actions.test),
      method: 'post',
      values: { tokenType, ...values },
      ...quiet,
    });
  return { save, test, pending: mutation.isPending };
};
