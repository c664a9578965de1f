import { describe, expect, it } from 'vitest';
import { describePlace, describeUserAgent } from './whereabouts.js';

describe('describeUserAgent', () => {
  it('names the browser family and the system, not their versions', () => {
    const cases: Array<[string, string]> = [
      [
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
        'Chrome on macOS',
      ],
      [
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
        'Edge on Windows',
      ],
      [
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
        'Safari on iOS',
      ],
      ['Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0', 'Firefox on Linux'],
      [
        'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
        'Samsung Internet on Android',
      ],
      [
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/139.0.0.0 Safari/537.36',
        'Chrome on Linux',
      ],
      ['curl/8.5.0', 'curl'],
      ['', 'Unknown device'],
    ];
    for (const [userAgent, expected] of cases) expect(describeUserAgent(userAgent)).toBe(expected);
    expect(describeUserAgent(null)).toBe('Unknown device');
  });
});

describe('describePlace', () => {
  it('shortens an address to its network and says when it is private or local', () => {
    expect(describePlace('203.0.113.77')).toBe('Network 203.0.113.x');
    expect(describePlace('::ffff:198.51.100.9')).toBe('Network 198.51.100.x');
    expect(describePlace('10.1.2.3')).toBe('Private network (10.1.2.x)');
    expect(describePlace('2001:db8:85a3::8a2e:370:7334')).toBe('Network 2001:db8:85a3::/48');
    expect(describePlace('2001:db8::1')).toBe('Network 2001:db8:0::/48');
    expect(describePlace('fd12:3456:789a::1')).toBe('Private network (fd12:3456:789a::/48)');
    expect(describePlace('127.0.0.1')).toBe('This server’s own machine');
    expect(describePlace('not an address')).toBe('Unknown address');
  });
});
