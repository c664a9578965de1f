import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { SECURE_COOKIE_PREFIX, SESSION_COOKIE_NAMES } from '@coincard/shared';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Vite names everything under assets/ by its content hash, so a changed file is a new URL. */
const HASHED_DIR = 'assets';
/** index.html with a route's own preloads, written by the web build (apps/web/build-plugins/route-pages.ts). */
const PAGES_DIR = 'pages';
/** The same pages with a signed-out visitor's view rendered in (apps/web/build-plugins/prerender-pages.ts). */
const PRERENDERED_DIR = 'prerendered';
/** The signed-in shell's page (apps/web/build-plugins/prerender-pages.ts). */
const SIGNED_IN_SHELL = 'signed-in-shell.html';
/** The user's own pages (apps/web/src/app/router.tsx), where someone who may be signed in gets the shell first. */
const SIGNED_IN_ROUTE = /^\/(dashboard|statement|referral-program|profile-settings|verify|cards\/[^/]+)$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html names the current hashed files: browsers may keep it but must ask whether it changed. */
const REVALIDATE = 'no-cache';
/** Precompressed copies the web build writes beside each file (apps/web/build-plugins/precompress.ts). */
const COMPRESSED_SUFFIX = /\.(br|gz)$/;

function isHashedAsset(root: string, filePath: string): boolean {
  return relative(root, dirname(filePath)).split(sep)[0] === HASHED_DIR;
}

/** Client-side route → its page file under root, e.g. '/login' → 'pages/login.html', '/' → '<dir>/index.html'. */
function routePages(root: string, dir: string): Map<string, string> {
  let files: string[];
  try {
    files = readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' });
  } catch {
    return new Map();
  }
  return new Map(
    files
      .filter((file) => file.endsWith('.html'))
      .map((file) => [
        `/${file.slice(0, -'.html'.length).split(sep).join('/')}`.replace(/^\/index$/, '/'),
        `${dir}/${file}`,
      ]),
  );
}

const MARKER_COOKIES = [SESSION_COOKIE_NAMES.marker, `${SECURE_COOKIE_PREFIX}${SESSION_COOKIE_NAMES.marker}`];

/**
 * A prerendered page shows the signed-out view of the bare address. Anyone who may be signed in (the session
 * marker cookie) or whose address carries a query gets the page that JavaScript renders, so the HTML always
 * matches what the app renders first and hydration changes nothing.
 */
function wantsPrerendered(request: FastifyRequest): boolean {
  return !request.url.includes('?') && !mayHaveSession(request);
}

function mayHaveSession(request: FastifyRequest): boolean {
  return MARKER_COOKIES.some((name) => request.cookies[name] !== undefined);
}

/**
 * Serves the built SPA beside /api: the brotli or gzip copy the build made when Accept-Encoding allows it (with the
 * original's Content-Type and the copy's own Content-Length), hashed assets cached for a year, and index.html
 * (also for every client-side route) revalidated on each visit. A route the build wrote a page for gets that page,
 * which is index.html plus preloads of the route's own code. A missing hashed asset is a 404, not index.html, so a
 * page still open from before a deploy fails its chunk import clearly instead of parsing HTML as JavaScript.
 */
export async function registerSpa(app: FastifyInstance, root: string) {
  const pages = routePages(root, PAGES_DIR);
  const prerendered = routePages(root, PRERENDERED_DIR);
  const hasSignedInShell = existsSync(join(root, SIGNED_IN_SHELL));
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    // '/' is a route like the others (its prerendered page or index.html), answered below.
    index: false,
    preCompressed: true,
    // The copies are found through preCompressed and the pages through their routes: neither is a URL of its own.
    globIgnore: ['**/*.br', '**/*.gz', `${PAGES_DIR}/**`, `${PRERENDERED_DIR}/**`, SIGNED_IN_SHELL],
    // @fastify/send's Cache-Control (max-age=0) would overwrite the one set below.
    cacheControl: false,
    setHeaders(res, filePath) {
      const original = filePath.replace(COMPRESSED_SUFFIX, '');
      res.setHeader('cache-control', isHashedAsset(root, original) ? IMMUTABLE : REVALIDATE);
      // The body depends on Accept-Encoding for every file that has copies; saying so always is simpler and harmless.
      // A route's page also depends on the session marker cookie (wantsPrerendered).
      res.setHeader('vary', original.endsWith('.html') ? 'Accept-Encoding, Cookie' : 'Accept-Encoding');
    },
  });
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // Metrics live on their own port (METRICS_PORT): here /metrics is a 404, not the app's page with a 200.
    if (path.startsWith('/api/') || path.startsWith(`/${HASHED_DIR}/`) || path === '/metrics') {
      return reply.callNotFound();
    }
    const route = path.replace(/(.)\/$/, '$1');
    // Someone who may be signed in gets the app's frame in the HTML on their own pages (the page itself needs their
    // data); whatever the query, which the shell does not show.
    if (hasSignedInShell && mayHaveSession(request) && SIGNED_IN_ROUTE.test(route)) {
      return reply.sendFile(SIGNED_IN_SHELL);
    }
    const page = (wantsPrerendered(request) ? prerendered.get(route) : undefined) ?? pages.get(route);
    return reply.sendFile(page ?? 'index.html');
  });
}
