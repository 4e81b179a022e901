// Helpers that the precompiled validators in src/generated/validators.js call. Plain ESM JavaScript, so the
// server (Node) and the console (Vite) load the very same code.
import { fullFormats as standardFormats } from 'ajv-formats/dist/formats.js';

const webScheme = /^https?:$/;
/** A custom scheme of a native app: a reversed domain name (`com.example.app:`), as OpenID for native apps advises. */
const nativeScheme = /^[a-z][\d+_a-z-]*(\.[\d+_a-z-]+)+:$/;

/**
 * Where a provider may send a user back: an http(s) URL, or a native app's custom scheme URI
 * (`com.example.app://callback`). Other schemes, `javascript:`, `data:`, `vbscript:` and `file:` among them, are not.
 */
export const isRedirectUri = (value) => {
  try {
    const { protocol } = new URL(value);
    return webScheme.test(protocol) || nativeScheme.test(protocol);
  } catch {
    return false;
  }
};

/**
 * Where a web app (single page, traditional, machine-to-machine) may send a user back: an http(s) URL only. Entity
 * schemas apply it in a cross-field rule (`if` the type is not native `then` this format).
 */
export const isWebRedirectUri = (value) => {
  try {
    return webScheme.test(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** Formats of our own, next to the standard ones; codegen compiles schemas with the same set. */
export const customFormats = { 'redirect-uri': isRedirectUri, 'web-redirect-uri': isWebRedirectUri };

export const fullFormats = { ...standardFormats, ...customFormats };

/** String length in Unicode code points, as JSON Schema's minLength/maxLength count it. */
export const ucs2length = (text) => {
  let length = 0;
  for (const _ of text) length++;
  return length;
};
