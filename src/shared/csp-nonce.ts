/**
 * The text the console build writes where a CSP nonce belongs (script, style and link tags of the HTML shell, and
 * its `<meta property="csp-nonce">`); the server replaces it with a fresh nonce for every response.
 */
export const CSP_NONCE_PLACEHOLDER = '__GATEHOUSE_CSP_NONCE__';
