import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { precompressDir } from './precompress';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'coincard-precompress-'));
  mkdirSync(join(dir, 'assets'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const bigScript = `export const text = ${JSON.stringify('coins and cards '.repeat(200))};\n`;

it('writes brotli and gzip copies that decompress to the original, in nested folders too', async () => {
  writeFileSync(join(dir, 'assets', 'index-Ab12.js'), bigScript);
  writeFileSync(join(dir, 'index.html'), `<!doctype html>${'<p>hello</p>'.repeat(200)}`);

  const files = await precompressDir(dir);

  expect(files.sort()).toEqual([join(dir, 'assets', 'index-Ab12.js'), join(dir, 'index.html')]);
  const br = readFileSync(join(dir, 'assets', 'index-Ab12.js.br'));
  const gz = readFileSync(join(dir, 'assets', 'index-Ab12.js.gz'));
  expect(brotliDecompressSync(br).toString()).toBe(bigScript);
  expect(gunzipSync(gz).toString()).toBe(bigScript);
  expect(br.length).toBeLessThan(bigScript.length / 10);
});

it('leaves fonts, source maps and files too small to gain alone', async () => {
  writeFileSync(join(dir, 'assets', 'inter-latin.woff2'), Buffer.alloc(4096, 1));
  writeFileSync(join(dir, 'assets', 'index-Ab12.js.map'), bigScript);
  writeFileSync(join(dir, 'assets', 'tiny-Cd34.css'), 'body{margin:0}');

  expect(await precompressDir(dir)).toEqual([]);
});

it('writes no copy that would be larger than the original', async () => {
  // Random bytes do not compress: each copy would only add its own headers.
  writeFileSync(join(dir, 'assets', 'noise-Ef56.txt'), randomBytes(4096));

  expect(await precompressDir(dir)).toEqual([]);
  expect(existsSync(join(dir, 'assets', 'noise-Ef56.txt.br'))).toBe(false);
  expect(existsSync(join(dir, 'assets', 'noise-Ef56.txt.gz'))).toBe(false);
});
