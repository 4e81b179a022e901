/** A mistake in an entity's schema or descriptor, reported with the file and place it is in. */
export class CodegenError extends Error {}
