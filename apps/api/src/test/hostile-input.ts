/**
 * A seeded generator of bad requests for every operation of an OpenAPI document: wrong types, huge and deep
 * values, NUL and odd Unicode, wrong or missing content types, malformed JSON, foreign and malformed ids.
 * Deterministic: the same seed gives the same requests, so a failure can be replayed.
 */

export type OpenApiDocument = {
  paths: Record<string, Record<string, Operation>>;
};
type Schema = { type?: string | string[]; properties?: Record<string, Schema>; [key: string]: unknown };
type Operation = {
  parameters?: Array<{ name: string; in: string; schema?: Schema }>;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};

export type Route = { method: string; path: string; pathParams: string[]; query: string[]; bodyFields: string[] };

export type HostileRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** What the request tries, for a readable failure. */
  label: string;
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export function routesOf(document: OpenApiDocument): Route[] {
  const routes: Route[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!METHODS.includes(method)) continue;
      const parameters = operation.parameters ?? [];
      const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
      routes.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        bodyFields: Object.keys(bodySchema?.properties ?? {}),
      });
    }
  }
  return routes;
}

/** mulberry32: small, fast, and the same sequence on every machine. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

function deep(levels: number, leaf: unknown, asArray: boolean): unknown {
  let value = leaf;
  for (let i = 0; i < levels; i++) value = asArray ? [value] : { a: value };
  return value;
}

/** Odd text: NUL, lone surrogates, RTL override, zero-width characters, combining marks, huge strings. */
const HOSTILE_TEXT = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udfffy',
  '\u202egnp.exe',
  'zero\u200bwidth\u200d\ufeff',
  'e\u0301\u0301\u0301\u0301',
  '😀'.repeat(200),
  'A'.repeat(70_000),
  "' or 1=1 --",
  '%00%ff%',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log4j-style lookup, sent as plain text on purpose
  '${jndi:ldap://x}',
  '\\u0000',
  'null',
  'NaN',
  '-0',
];

const HOSTILE_VALUES: unknown[] = [
  ...HOSTILE_TEXT,
  null,
  true,
  false,
  0,
  -1,
  1.5,
  -0.0001,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
  [],
  {},
  [1, 'a', null],
  { $gt: '' },
  { __proto__: { admin: true } },
  { constructor: { prototype: { admin: true } } },
  deep(20, 'x', true),
  deep(31, 1, false),
  deep(200, null, true),
  Array.from({ length: 5000 }, (_, i) => i),
];

export const MALFORMED_IDS = [
  'not-an-id',
  '0',
  '-1',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '01890a5d-ac96-774b-bcce-b302099a8057x',
  'a'.repeat(5000),
  '%00',
  '%ud800',
  '%E2%80%AE',
  '..%2F..%2Fadmin',
  '1e400',
  '%20',
  "'%3B--",
];

const RAW_BODIES: Array<[string, string | undefined]> = [
  ['malformed JSON', '{"a": 1,'],
  ['JSON array', '[1,2,3]'],
  ['JSON string', '"text"'],
  ['JSON null', 'null'],
  ['JSON number', '1e999'],
  ['duplicate keys', '{"a":1,"a":{"b":2}}'],
  ['proto pollution', '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"role":"admin"}}}'],
  ['5,000-deep array', `${'['.repeat(5000)}${']'.repeat(5000)}`],
  ['5,000-deep object', `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`],
  ['lone surrogate escape', '{"a":"\\ud800"}'],
  ['empty body', ''],
  ['BOM', '\ufeff{}'],
  ['no body', undefined],
];

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/json; charset=nonsense',
  'application/xml',
  '',
];

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)] as T;
}

function queryValue(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  // A lone surrogate has no UTF-8 form: send the bytes a careless client would (CESU-8), which decode to garbage.
  return encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '\ufffd')).replace(/%EF%BF%BD/g, '%ED%A0%80');
}

/**
 * `count` bad requests for one route. `ids` are real ids of another user (foreign) to put in path params beside
 * malformed ones; `origin` is sent on state-changing requests so the cross-site guard does not hide the handler.
 */
export function hostileRequests(
  route: Route,
  options: { random: () => number; count: number; ids: string[]; origin: string },
): HostileRequest[] {
  const { random, ids } = options;
  const requests: HostileRequest[] = [];
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  for (let i = 0; i < options.count; i++) {
    let path = route.path;
    const labels: string[] = [];
    for (const param of route.pathParams) {
      const id = random() < 0.4 && ids.length > 0 ? pick(random, ids) : pick(random, MALFORMED_IDS);
      path = path.replace(`{${param}}`, id);
      labels.push(`${param}=${id.slice(0, 40)}`);
    }
    const query: string[] = [];
    for (const name of route.query) {
      if (random() < 0.3) continue;
      query.push(`${name}=${queryValue(pick(random, HOSTILE_VALUES))}`);
    }
    if (random() < 0.2)
      query.push(`${pick(random, ['x', '__proto__', 'a[b]', 'page'])}=${queryValue(pick(random, HOSTILE_TEXT))}`);
    const url = query.length > 0 ? `${path}?${query.join('&')}` : path;
    const headers: Record<string, string> = {};
    if (hasBody) headers.origin = options.origin;
    let payload: string | undefined;
    if (hasBody || random() < 0.1) {
      const shape = random();
      if (shape < 0.2) {
        const [name, raw] = pick(random, RAW_BODIES);
        payload = raw;
        headers['content-type'] = 'application/json';
        labels.push(`raw ${name}`);
      } else if (shape < 0.3) {
        payload = JSON.stringify({ [route.bodyFields[0] ?? 'a']: 'x' });
        headers['content-type'] = pick(random, CONTENT_TYPES);
        labels.push(`content-type ${headers['content-type'] || '(empty)'}`);
      } else {
        const body: Record<string, unknown> = {};
        for (const field of route.bodyFields) {
          // Missing fields, wrong types, huge and deep values, odd text: each field on its own draw.
          if (random() < 0.2) continue;
          body[field] = pick(random, HOSTILE_VALUES);
        }
        if (random() < 0.2)
          body[pick(random, ['role', 'isAdmin', 'balance', 'userId', '_id'])] = pick(random, HOSTILE_VALUES);
        payload = JSON.stringify(body);
        headers['content-type'] = 'application/json';
        labels.push(`body ${payload.slice(0, 80)}`);
      }
    }
    requests.push({
      method: route.method,
      url,
      headers,
      payload,
      label: `${route.method} ${url.slice(0, 120)} ${labels.join(' ')}`,
    });
  }
  return requests;
}

/** A stack frame or an internal error's text in a response body. */
export function leaksInternals(body: string): boolean {
  // A frame looks like "at fn (file.ts:12:3)" or "file.js:12:3"; a message's "at least 1 ... 10:00:00" is not one.
  return (
    /\bat [^\s"]+ \(/.test(body) ||
    /[\w/.-]+\.(?:ts|js|mjs|cjs):\d+:\d+/.test(body) ||
    /"stack"\s*:/.test(body) ||
    /node_modules/.test(body)
  );
}
