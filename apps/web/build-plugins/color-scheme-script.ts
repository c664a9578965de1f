import { COLOR_SCHEME_SCRIPT } from '@coincard/shared';
import type { Plugin } from 'vite';

/**
 * Puts the colour-scheme script (packages/shared, COLOR_SCHEME_SCRIPT) first in every page's <head>, so the page
 * paints in the visitor's scheme from its first frame. The API's Content-Security-Policy allows it by its hash.
 */
export function colorSchemeScript(): Plugin {
  return {
    name: 'coincard:color-scheme-script',
    transformIndexHtml: () => [{ tag: 'script', children: COLOR_SCHEME_SCRIPT, injectTo: 'head-prepend' }],
  };
}
