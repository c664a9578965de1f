import { expect, it } from 'vitest';
import { fontPreloadTag } from './preload-font';

const bundle = {
  'assets/index-Ab12.js': { type: 'chunk' as const, fileName: 'assets/index-Ab12.js' },
  'assets/inter-latin-ext-wght-normal-Cd34.woff2': {
    type: 'asset' as const,
    fileName: 'assets/inter-latin-ext-wght-normal-Cd34.woff2',
    names: ['inter-latin-ext-wght-normal.woff2'],
  },
  'assets/inter-latin-wght-normal-Ef56.woff2': {
    type: 'asset' as const,
    fileName: 'assets/inter-latin-wght-normal-Ef56.woff2',
    names: ['inter-latin-wght-normal.woff2'],
  },
};

it('preloads the hashed file of the named font, in CORS mode as fonts are fetched', () => {
  expect(fontPreloadTag(bundle, 'inter-latin-wght-normal.woff2')).toEqual({
    tag: 'link',
    attrs: {
      rel: 'preload',
      href: '/assets/inter-latin-wght-normal-Ef56.woff2',
      as: 'font',
      type: 'font/woff2',
      crossorigin: '',
    },
    injectTo: 'head',
  });
});

it('follows the base path and finds nothing for a font the build did not emit', () => {
  expect(fontPreloadTag(bundle, 'inter-latin-wght-normal.woff2', '/app/')?.attrs?.href).toBe(
    '/app/assets/inter-latin-wght-normal-Ef56.woff2',
  );
  expect(fontPreloadTag(bundle, 'inter-cyrillic-wght-normal.woff2')).toBeNull();
});
