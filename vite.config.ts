import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './src/build/precompress';
import { preloadBoot } from './src/build/preload-boot';
import { CSP_NONCE_PLACEHOLDER } from './src/shared/csp-nonce';

/** `…/locales/de/common.json` or `…/entities/role/locales/de.json` → `locale-de`: one chunk per language, English too. */
const localeChunkOf = (id: string): string | null => {
  const language = /[\\/]locales[\\/](?:([\w-]+)[\\/][\w-]+|([\w-]+))\.json$/.exec(id)?.slice(1).find(Boolean);
  return language ? `locale-${language}` : null;
};

const root = fileURLToPath(new URL('./src/console', import.meta.url));
const base = '/console/';
const outDir = fileURLToPath(new URL('./dist/console', import.meta.url));
const apiTarget = process.env.GATEHOUSE_API_URL ?? 'http://127.0.0.1:3001';
/** The server's own paths: management API, the default tenant's provider and sign-in pages, other tenants, docs. */
const serverRoutes = Object.fromEntries(
  ['/api', '/oidc', '/interaction', '/interaction-assets', '/t/', '/docs', '/favicon.svg'].map((path) => [
    path,
    { target: apiTarget, changeOrigin: false },
  ]),
);

export default defineConfig({
  root,
  base,
  resolve: {
    // The style library's element helper, with an index instead of a scan of the page head per call (see the module).
    alias: [
      {
        find: /^rc-util\/es\/Dom\/dynamicCSS$/,
        replacement: fileURLToPath(new URL('./src/console/vendor/dynamic-css.ts', import.meta.url)),
      },
    ],
  },
  plugins: [
    react(),
    // The application's chunks named in the shell, fetched beside the small entry that imports them.
    preloadBoot({ module: /[\\/]src[\\/]console[\\/]boot\.tsx$/, base, nonce: CSP_NONCE_PLACEHOLDER }),
    // Every bundle file of at least 1 KiB also as .br and .gz, served by encoding (src/server/console/static.ts).
    precompress(),
  ],
  // The server puts a fresh nonce here in every shell it sends (see src/server/console/shell.ts).
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  build: {
    outDir,
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    // Which chunk each page loads (dist/console/.vite/manifest.json), for the size budget test; not served.
    manifest: true,
    rolldownOptions: {
      output: {
        // Named vendor chunks (cacheable across releases); pages and antd components stay split by route.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            { name: 'refine', test: /node_modules[\\/](@refinedev|@tanstack|qs|lodash-es)[\\/]/ },
            // What the compiled validators need at run time (they load with each entity's model), apart from the
            // form library.
            {
              name: 'validation-runtime',
              test: /node_modules[\\/](ajv-formats[\\/]dist[\\/]formats|ajv[\\/]dist[\\/]runtime)/,
            },
            // Field descriptions in Markdown, rendered by the form library (before it: it may sit inside its folder).
            { name: 'markdown', test: /node_modules[\\/]markdown-to-jsx[\\/]/ },
            { name: 'rjsf', test: /node_modules[\\/](@rjsf|ajv|ajv-formats)[\\/]/ },
            { name: 'lodash', test: /node_modules[\\/]lodash[\\/]/ },
            // The script editor's code (the JWT customizer's page only), in parts each under the route chunk budget:
            // the editor's view, the JavaScript parser, then its state, language support and commands.
            {
              name: 'codemirror-view',
              test: /node_modules[\\/](@codemirror[\\/]view|style-mod|w3c-keyname|crelt)[\\/]/,
            },
            { name: 'codemirror-parser', test: /node_modules[\\/]@lezer[\\/]/ },
            { name: 'codemirror-language', test: /node_modules[\\/]@codemirror[\\/]/ },
            // A language's texts in one chunk (its console files and every entity folder's), loaded when chosen.
            { name: (id) => localeChunkOf(id) },
          ],
        },
      },
    },
  },
  // The dev server forwards everything but the console to a running Gatehouse server, which must be started with
  // PUBLIC_URL set to the dev server's origin (issuers and redirect URIs are built from it).
  server: { port: 5173, strictPort: true, proxy: serverRoutes },
  preview: { proxy: serverRoutes },
});
