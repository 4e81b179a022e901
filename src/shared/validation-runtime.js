// Helpers that the precompiled validators in src/generated/validators.js call. Plain ESM JavaScript, so the
// server (Node) and the console (Vite) load the very same code.
export { fullFormats } from 'ajv-formats/dist/formats.js';

/** String length in Unicode code points, as JSON Schema's minLength/maxLength count it. */
export const ucs2length = (text) => {
  let length = 0;
  for (const _ of text) length++;
  return length;
};
