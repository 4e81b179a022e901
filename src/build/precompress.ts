import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; images and fonts are compressed already. The HTML shell is rendered per response. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|map)$/;
/** Below this, the headers of a compressed answer cost about what compression saves. */
const MIN_BYTES = 1024;

const filesBelow = async (dir: string): Promise<string[]> => {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? filesBelow(join(dir, entry.name)) : [join(dir, entry.name)])),
  );
  return nested.flat();
};

/** Writes `<file>.br` and `<file>.gz` beside every compressible file of `dir` of at least `MIN_BYTES`. */
export const precompressDir = async (dir: string) => {
  const files = (await filesBelow(dir)).filter((file) => COMPRESSIBLE.test(file));
  let written = 0;
  await Promise.all(
    files.map(async (file) => {
      if ((await stat(file)).size < MIN_BYTES) return;
      const content = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
      written += 1;
    }),
  );
  return written;
};

/**
 * Vite plugin: after the bundle is written, precompresses it with brotli and gzip so the server sends the encoding
 * the browser accepts without compressing anything per request (see src/server/console/static.ts).
 */
export const precompress = (): Plugin => {
  let outDir = '';
  return {
    name: 'gatehouse-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
};
