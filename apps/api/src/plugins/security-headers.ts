import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { COLOR_SCHEME_SCRIPT } from '@coincard/shared';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

type Headers = Record<string, string>;

/**
 * Helmet's headers for a configuration, worked out once. Helmet (and @fastify/helmet) rebuild them, CSP parsing
 * included, on every request, which showed in the authenticated read's profile
 * (docs/decisions/020-authenticated-read-performance.md); the configuration never changes while the app runs.
 */
function headersOf(options: HelmetOptions): Headers {
  const headers: Headers = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/** The one inline script the pages carry (it sets the colour scheme before the first paint), allowed by its hash. */
export const COLOR_SCHEME_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(COLOR_SCHEME_SCRIPT).digest('base64')}'`;

function pageHeaders(isHttps: boolean): Headers {
  return headersOf({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", COLOR_SCHEME_SCRIPT_SOURCE],
        // Mantine sets CSS variables through style attributes and a <style> element.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Merchant logos in card histories come from the issuer's enrichment, on its own https hosts.
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: isHttps ? [] : null,
      },
    },
    strictTransportSecurity: isHttps,
  });
}

/**
 * A JSON answer is never rendered as a page, so it carries only what guards data (the OWASP REST set): no
 * sniffing, nothing may load or frame it, no referrer, same-origin reads, HSTS over https. The page set above is
 * about a kilobyte that every API answer carried for nothing.
 */
function apiHeaders(isHttps: boolean): Headers {
  return headersOf({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    originAgentCluster: false,
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: isHttps,
    xContentTypeOptions: true,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: { action: 'deny' },
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
}

/**
 * Security headers on every answer, set as the request arrives so error answers carry them too: the API's small
 * set under /api/ (its docs page excepted), never cached; the page set elsewhere. Each answer names its request id.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { isHttps: boolean }) {
  const page = pageHeaders(options.isHttps);
  const api = { ...apiHeaders(options.isHttps), 'cache-control': 'no-store' };
  const docs = { ...page, 'cache-control': 'no-store' };
  app.addHook('onRequest', (request, reply, done) => {
    const path = apiPath(request.routeOptions.url, request.url);
    reply.headers(path.startsWith('/api/') ? (path.startsWith('/api/docs') ? docs : api) : page);
    reply.header('x-request-id', request.id);
    done();
  });
}

/**
 * The path the router matched, not the raw URL: the router decodes escapes, so `/%61pi/user` reaches `/api/user`
 * and must get the API's headers too. A request no route matched is judged by its decoded path.
 */
function apiPath(route: string | undefined, url: string): string {
  if (route && route !== '/*') return route;
  const path = url.split('?')[0] ?? '';
  if (!path.includes('%')) return path;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
