/** A reason the server will not start (a setting out of range, a data directory in use): printed without a stack. */
export class StartRefused extends Error {}
