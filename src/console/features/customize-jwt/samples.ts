import type { TokenType } from './use-jwt-customizers';

/** The script a new customizer starts from: Logto's entry, returning no claims yet. */
export const STARTING_SCRIPT = `/**
 * Returns the claims to add to the token.
 * token: the token's payload; context: the user or application it is issued for;
 * environmentVariables: the values set below; api.denyAccess(message) refuses the token.
 */
const getCustomJwtClaims = async ({ token, context, environmentVariables, api }) => {
  return {};
};
`;

/** What a test run starts from, by token type: a payload and a context of the shape real tokens get. */
export const SAMPLES: Record<TokenType, { token: object; context: object }> = {
  'access-token': {
    token: {
      jti: 'sample-token-id',
      aud: 'https://api.example.com',
      scope: 'read:reports',
      clientId: 'sample-app-id',
      accountId: 'sample-user-id',
      kind: 'AccessToken',
    },
    context: {
      user: {
        id: 'sample-user-id',
        username: 'riley',
        primaryEmail: 'riley@example.com',
        name: 'Riley',
        customData: {},
        hasPassword: true,
        roles: [],
        organizations: [],
        organizationRoles: [],
      },
      application: { id: 'sample-app-id', name: 'Sample app', type: 'SPA' },
    },
  },
  'client-credentials': {
    token: { jti: 'sample-token-id', aud: 'https://api.example.com', scope: 'read:reports', kind: 'ClientCredentials' },
    context: { application: { id: 'sample-app-id', name: 'Nightly export', type: 'MachineToMachine' } },
  },
};
