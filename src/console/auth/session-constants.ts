/** Renew a little before an access token expires, so no request leaves with a token about to lapse. */
export const RENEW_MARGIN_SECONDS = 30;
/** The Web Lock every use of the rotating refresh token runs under, across the console's tabs. */
export const RENEW_LOCK_NAME = 'gatehouse.auth.renew';
