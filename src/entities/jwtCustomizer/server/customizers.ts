export type TokenType = 'access-token' | 'client-credentials';

/** Logto's configuration key of each token type (`GET /configs/jwt-customizer` answers them), in Logto's order. */
export const CUSTOMIZER_KEYS: Readonly<Record<TokenType, string>> = {
  'access-token': 'jwt.accessToken',
  'client-credentials': 'jwt.clientCredentials',
};

/** The scripts' entry: Logto's name, so a script written for Logto runs unchanged. */
export const CUSTOMIZER_ENTRY = 'getCustomJwtClaims';
