/**
 * The compiled validators the console's forms check with, keyed by the form library's schema hash: each entity's
 * arrive with its console model; a page may add more (the QA gallery's action bodies).
 */
export const formValidators: Record<string, unknown> = {};

export const addValidators = (more: Record<string, unknown>): void => {
  Object.assign(formValidators, more);
};
