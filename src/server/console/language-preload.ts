import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { CSP_NONCE_PLACEHOLDER } from '../../shared/csp-nonce.js';
import { matchLanguage } from '../locales/index.js';

/**
 * The console loads one language's texts per page, as one chunk (`assets/locale-<language>-<hash>.js`). The shell
 * names that chunk in a `modulepreload` hint, so it downloads beside the entry instead of after it: the language the
 * console was last set to (its cookie), else the best of the browser's `Accept-Language` the console speaks, else
 * English, as the console itself picks.
 */

const LANGUAGE_COOKIE = 'gatehouse-language';
const FALLBACK = 'en';

/** The built language chunks by language: `locale-pt-BR-Ab12_x-9.js` → `pt-BR` (the hash is the last 8 characters). */
export const languageChunks = (consoleDir: string): Map<string, string> => {
  const chunks = new Map<string, string>();
  let files: string[] = [];
  try {
    files = readdirSync(join(consoleDir, 'assets'));
  } catch {
    return chunks;
  }
  for (const file of files) {
    const language = /^locale-(.+)-.{8}\.js$/.exec(file)?.[1];
    if (language) chunks.set(language, `/console/assets/${file}`);
  }
  return chunks;
};

const cookieLanguage = (header: string | undefined) =>
  header
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${LANGUAGE_COOKIE}=`))
    ?.slice(LANGUAGE_COOKIE.length + 1);

/** The language chunk the console will load for this request, or none when the build has none. */
export const preloadedLanguage = (request: FastifyRequest, chunks: Map<string, string>): string | undefined => {
  const stored = cookieLanguage(request.headers.cookie);
  if (stored && chunks.has(stored)) return chunks.get(stored);
  const accepted = matchLanguage(request.headers['accept-language'], [...chunks.keys()]);
  return chunks.get(accepted ?? FALLBACK);
};

/** The shell with the hint for the chunk, ahead of the end of its head. */
export const withLanguagePreload = (html: string, chunk: string | undefined) =>
  chunk
    ? html.replace(
        '</head>',
        `  <link rel="modulepreload" crossorigin href="${chunk}" nonce="${CSP_NONCE_PLACEHOLDER}">\n  </head>`,
      )
    : html;
