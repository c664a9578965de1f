import { isIP } from 'node:net';
import { createAddressList } from './address-list.js';
import { ipv6Groups, unmapped } from './ip-networks.js';

/**
 * "Chrome on macOS", read from a User-Agent header for the sessions list and the new-device mail. Only the family
 * names: versions change every month and would make one device look like many. Order matters, since most browsers
 * also claim to be the ones they grew out of (Edge says Chrome, Chrome says Safari).
 */
const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\b(Headless)?Chrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*Safari\//, 'Safari'],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/\biPad\b/, 'iPadOS'],
  [/\biPhone\b|\biPod\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export function describeUserAgent(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Unknown device';
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser || system) return browser ?? system ?? 'Unknown device';
  // A program rather than a browser (curl, an app): its own name, without the version.
  const program = /^([A-Za-z][\w.-]{0,40})\//.exec(userAgent)?.[1];
  return program ?? 'Unknown device';
}

/**
 * Roughly where a session was used, from its address alone: no geolocation service is reachable (and one would send
 * every user's address to a third party), so the address is shortened to its network, enough for the owner to tell
 * "my home connection" from "somewhere else" without the page showing a full address. Private and local addresses
 * say so, since they are not a place.
 */
const PRIVATE = createAddressList([
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '100.64.0.0/10',
  'fc00::/7',
  'fe80::/10',
]);
const LOOPBACK = createAddressList(['127.0.0.0/8', '::1']);

export function describePlace(address: string | null | undefined): string {
  if (!address) return 'Unknown address';
  const ip = unmapped(address);
  const family = isIP(ip);
  if (family === 0) return 'Unknown address';
  if (LOOPBACK.has(ip)) return 'This server’s own machine';
  const network =
    family === 4 ? `${ip.split('.').slice(0, 3).join('.')}.x` : `${ipv6Groups(ip).slice(0, 3).join(':')}::/48`;
  return PRIVATE.has(ip) ? `Private network (${network})` : `Network ${network}`;
}

/** Device and place of a request or session, as the sessions list and the security mails say them. */
export function whereabouts(input: { userAgent: string | null | undefined; ip: string | null | undefined }) {
  return { device: describeUserAgent(input.userAgent), place: describePlace(input.ip) };
}
