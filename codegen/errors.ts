/** A mistake in schemas/ or resources/, reported with the file and place it is in. */
export class CodegenError extends Error {}
