import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { COLOR_SCHEME_SCRIPT } from '@coincard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

const INDEX_HTML = `<!doctype html><html><head><title>CoinCard</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(40)}</body></html>`;
const LOGIN_HTML = INDEX_HTML.replace('</head>', '<link rel="modulepreload" href="/assets/guest-Ij90.js"></head>');
const LOGIN_PRERENDERED = LOGIN_HTML.replace('<div id="root"></div>', '<div id="root"><form>Sign in</form></div>');
const SHELL_HTML = INDEX_HTML.replace('<div id="root"></div>', '<div id="root"><header>CoinCard</header></div>');
const APP_JS = `export const hello = ${JSON.stringify('hello '.repeat(400))};\n`;
const TINY_CSS = 'body{margin:0}';
const IMMUTABLE = 'public, max-age=31536000, immutable';

let dist: string;
let t: TestApp;

/** A web build as apps/web's vite build leaves it: hashed assets with brotli and gzip copies beside them. */
function writeDist(): string {
  const root = mkdtempSync(join(tmpdir(), 'coincard-web-dist-'));
  mkdirSync(join(root, 'assets'));
  const withCopies = (path: string, text: string) => {
    writeFileSync(join(root, path), text);
    writeFileSync(join(root, `${path}.br`), brotliCompressSync(text));
    writeFileSync(join(root, `${path}.gz`), gzipSync(text));
  };
  withCopies('index.html', INDEX_HTML);
  mkdirSync(join(root, 'pages/password'), { recursive: true });
  withCopies('pages/login.html', LOGIN_HTML);
  writeFileSync(join(root, 'pages/password/forgot.html'), LOGIN_HTML);
  mkdirSync(join(root, 'prerendered'));
  withCopies('prerendered/login.html', LOGIN_PRERENDERED);
  withCopies('signed-in-shell.html', SHELL_HTML);
  withCopies('assets/app-Ab12Cd34.js', APP_JS);
  // Too small to be worth compressing: the build leaves it alone.
  writeFileSync(join(root, 'assets/tiny-Ef56Gh78.css'), TINY_CSS);
  writeFileSync(join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return root;
}

beforeAll(async () => {
  dist = writeDist();
  t = await createTestApp({ webDistDir: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.request('GET', url, { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('hashed assets', () => {
  it('are sent as brotli when the browser accepts it, with the type and length of what is sent', async () => {
    const response = await get('/assets/app-Ab12Cd34.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(response.rawPayload.length).toBeLessThan(APP_JS.length / 4);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(APP_JS);
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('are sent as gzip to a browser that accepts gzip but not brotli', async () => {
    for (const acceptEncoding of ['gzip, deflate', 'br;q=0, gzip']) {
      const response = await get('/assets/app-Ab12Cd34.js', acceptEncoding);
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      expect(gunzipSync(response.rawPayload).toString()).toBe(APP_JS);
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
    }
  });

  it('are sent as they are without Accept-Encoding, still saying they vary by it', async () => {
    const response = await get('/assets/app-Ab12Cd34.js');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(APP_JS);
    expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(APP_JS));
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('without compressed copies are sent as they are even when brotli is accepted', async () => {
    const response = await get('/assets/tiny-Ef56Gh78.css', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(response.body).toBe(TINY_CSS);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('that do not exist are a 404, not the page (a stale tab must not parse HTML as a script)', async () => {
    const response = await get('/assets/gone-Zz99Yy88.js', 'br');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ errorCode: 'NotFound' });
  });

  it('have no URLs of their own for the compressed copies', async () => {
    const response = await get('/assets/app-Ab12Cd34.js.br', 'br');
    expect(response.statusCode).toBe(404);
  });
});

describe('index.html', () => {
  it('at / is revalidated on every visit and compressed when accepted', async () => {
    const response = await get('/', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX_HTML);
    // A route's page may depend on the session marker cookie too (prerendered pages).
    expect(response.headers.vary).toBe('Accept-Encoding, Cookie');
  });

  it('answers every client-side route (the SPA fallback) the same way', async () => {
    for (const url of ['/signup', '/dashboard', '/users/42?tab=cards']) {
      const compressed = await get(url, 'gzip');
      expect(compressed.statusCode).toBe(200);
      expect(compressed.headers['cache-control']).toBe('no-cache');
      expect(compressed.headers['content-encoding']).toBe('gzip');
      expect(compressed.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(gunzipSync(compressed.rawPayload).toString()).toBe(INDEX_HTML);

      const plain = await get(url);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['cache-control']).toBe('no-cache');
      expect(plain.body).toBe(INDEX_HTML);
    }
  });

  it('keeps the security headers of every other answer', async () => {
    const response = await get('/login', 'br');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('allows the colour-scheme script by its hash and no other inline script', async () => {
    const policy = String((await get('/login')).headers['content-security-policy']);
    const hash = createHash('sha256').update(COLOR_SCHEME_SCRIPT).digest('base64');
    expect(policy).toContain(`script-src 'self' 'sha256-${hash}';`);
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  });
});

describe("route pages (index.html with a route's own preloads)", () => {
  it('answer their route when the address has a query, and where nothing was prerendered', async () => {
    for (const url of ['/login?redirectUrl=%2Fdashboard', '/login/?x=1']) {
      const response = await get(url, 'br');
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(LOGIN_HTML);
    }
    expect((await get('/password/forgot')).body).toBe(LOGIN_HTML);
  });

  it('leave every other route to index.html and have no URLs of their own', async () => {
    for (const url of ['/signup', '/login/extra', '/pages/login.html', '/prerendered/login.html', '/password']) {
      expect((await get(url)).body, url).toBe(INDEX_HTML);
    }
  });
});

describe('prerendered pages (a route with its signed-out view already in the HTML)', () => {
  it('answer a signed-out visitor of the bare address, with or without a trailing slash, compressed', async () => {
    for (const url of ['/login', '/login/']) {
      const response = await get(url, 'br');
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.vary).toBe('Accept-Encoding, Cookie');
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(LOGIN_PRERENDERED);
    }
  });

  it('are not sent to anyone who may be signed in: they get the page JavaScript renders', async () => {
    for (const cookie of ['signedIn=1', '__Host-signedIn=1', 'theme=dark; signedIn=1']) {
      const response = await t.request('GET', '/login', { headers: { cookie } });
      expect(response.body, cookie).toBe(LOGIN_HTML);
    }
    const unrelated = await t.request('GET', '/login', { headers: { cookie: 'theme=dark' } });
    expect(unrelated.body).toBe(LOGIN_PRERENDERED);
  });
});

describe('the signed-in shell (the app frame prerendered for the user pages)', () => {
  it("answers someone who may be signed in on the user's own pages, whatever the query, compressed", async () => {
    for (const url of ['/dashboard', '/cards/01a2-b3', '/statement?page=2', '/profile-settings/', '/verify']) {
      const response = await t.request('GET', url, { headers: { cookie: 'signedIn=1', 'accept-encoding': 'br' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers.vary, url).toBe('Accept-Encoding, Cookie');
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(SHELL_HTML);
    }
  });

  it('is not sent to a guest, elsewhere, nor as a file of its own', async () => {
    expect((await get('/dashboard')).body).toBe(INDEX_HTML);
    for (const url of ['/login', '/users', '/cards', '/cards/a/b']) {
      const response = await t.request('GET', url, { headers: { cookie: 'signedIn=1' } });
      expect(response.body, url).not.toBe(SHELL_HTML);
    }
    expect((await get('/signed-in-shell.html')).body).toBe(INDEX_HTML);
  });
});

describe('beside the SPA', () => {
  it('unhashed files at the root are revalidated, not kept for a year', async () => {
    const response = await get('/favicon.svg', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('an unknown /api path is still a JSON 404, never the page', async () => {
    const response = await get('/api/nothing-here', 'br');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'No such endpoint: GET /api/nothing-here', errorCode: 'NotFound' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('/metrics is a 404 here: metrics are served on their own port only', async () => {
    const response = await get('/metrics', 'br');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ errorCode: 'NotFound' });
  });
});
