import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text the browser fetches; fonts and images are compressed formats already, source maps are for developers. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Writes `<file>.br` and `<file>.gz` beside each compressible file of a built folder, at the highest levels: done
 * once at build time, so the server sends them (apps/api/src/plugins/serve-spa.ts) without compressing per request.
 * A copy that would not be smaller is not written. Returns the files it compressed.
 */
export async function precompressDir(dir: string): Promise<string[]> {
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file));
  const compressed = await Promise.all(
    files.map(async (file) => {
      const original = await readFile(file);
      if (original.length < MIN_BYTES) return null;
      const [br, gz] = await Promise.all([
        brotli(original, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: original.length,
          },
        }),
        gzipAsync(original, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      const written = [];
      if (br.length < original.length) written.push(writeFile(`${file}.br`, br));
      if (gz.length < original.length) written.push(writeFile(`${file}.gz`, gz));
      await Promise.all(written);
      return written.length > 0 ? file : null;
    }),
  );
  return compressed.filter((file): file is string => file !== null);
}

/** Vite plugin: precompresses the whole output folder (bundles, index.html, public files) after each build. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'coincard:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await precompressDir(outDir);
      this.info(`brotli and gzip copies of ${files.length} files`);
    },
  };
}
