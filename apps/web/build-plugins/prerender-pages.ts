import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { PAGES_DIR } from './route-pages.ts';

/** Where the prerendered pages go; apps/api/src/plugins/serve-spa.ts serves them to signed-out visitors. */
export const PRERENDERED_DIR = 'prerendered';
/** The signed-in shell's page; serve-spa.ts serves it on the user's own pages to a visitor who may be signed in. */
export const SIGNED_IN_SHELL_FILE = 'signed-in-shell.html';

const ROOT_ELEMENT = '<div id="root"></div>';

const STYLE_PRELOAD = /<link rel="preload" as="style" crossorigin href="([^"]+)">/g;

/** The stylesheets a route page (route-pages.ts) preloads for its lazily loaded code, as URLs. */
export function routeStylesheets(routePage: string): string[] {
  return [...routePage.matchAll(STYLE_PRELOAD)].map((match) => match[1] ?? '');
}

/**
 * index.html with a route's HTML inside its root element and the route's own CSS inline in its head. Nothing else
 * is added before the first paint: the route's code loads when the entry asks for it, after the page is on screen
 * (on a slow phone network, preloading it took bandwidth from what the first paint needs), and its CSS, a few small
 * files, paints with the HTML instead of costing a request each. When the code arrives, Vite's loader adds the same
 * files as stylesheets; identical rules, so nothing moves.
 */
export function prerenderedPage(index: string, body: string, css: readonly string[]): string {
  if (!index.includes(ROOT_ELEMENT)) throw new Error('prerender-pages: index.html has no empty root element');
  const styles = css.length > 0 ? `  <style>${css.join('\n')}</style>\n  ` : '';
  return index.replace('</head>', () => `${styles}</head>`).replace(ROOT_ELEMENT, () => `<div id="root">${body}</div>`);
}

/**
 * Prerenders guest pages to HTML after the build: for each route, index.html with the signed-out view rendered
 * inside #root and the CSS that its route page (pages/<route>.html, from route-pages.ts) names, written to
 * prerendered/<route>.html. The form then
 * paints from HTML and CSS before any JavaScript runs, and main.tsx hydrates it. The render is a separate server
 * build of `entry` (its `renderRoute(url)`), loaded from a temporary folder and deleted after. Runs before the other
 * plugins' closeBundle, so the precompression sees the prerendered pages.
 */
export function prerenderPages(options: {
  entry: string;
  routes: readonly string[];
  /**
   * A signed-in address whose render, at build time, is the signed-in shell (the outer AuthGuard's, until React has
   * adopted the page). Written to SIGNED_IN_SHELL_FILE with index.html's CSS only: the shell uses nothing else.
   */
  signedInShellRoute?: string;
}): Plugin {
  let root = '';
  let outDir = '';
  let base = '/';
  return {
    name: 'coincard:prerender-pages',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
      outDir = join(config.root, config.build.outDir);
      base = config.base;
    },
    closeBundle: {
      order: 'pre',
      sequential: true,
      async handler() {
        const serverOut = join(root, 'node_modules', '.prerender');
        // Only what rendering needs: React's JSX transform. CSS modules get the same class names as in the client
        // build (both use Vite's defaults); other CSS is left to the client build.
        await build({
          configFile: false,
          root,
          logLevel: 'warn',
          plugins: [react()],
          build: {
            ssr: options.entry,
            outDir: serverOut,
            emptyOutDir: true,
            rolldownOptions: { output: { entryFileNames: 'render.js' } },
          },
        });
        try {
          const { renderRoute } = (await import(pathToFileURL(join(serverOut, 'render.js')).href)) as {
            renderRoute: (url: string) => Promise<string>;
          };
          const index = await readFile(join(outDir, 'index.html'), 'utf8');
          for (const route of options.routes) {
            // The landing page has no route page: its code and CSS come with index.html.
            const routePage = route === '/' ? index : await readFile(join(outDir, PAGES_DIR, `${route}.html`), 'utf8');
            const css = await Promise.all(
              routeStylesheets(routePage).map((url) => readFile(join(outDir, url.slice(base.length)), 'utf8')),
            );
            const target = join(outDir, PRERENDERED_DIR, `${route === '/' ? '/index' : route}.html`);
            await mkdir(dirname(target), { recursive: true });
            await writeFile(target, prerenderedPage(index, await renderRoute(route), css));
          }
          if (options.signedInShellRoute) {
            const shell = await renderRoute(options.signedInShellRoute);
            await writeFile(join(outDir, SIGNED_IN_SHELL_FILE), prerenderedPage(index, shell, []));
          }
        } finally {
          await rm(serverOut, { recursive: true, force: true });
        }
        this.info(
          `prerendered ${[...options.routes, ...(options.signedInShellRoute ? [options.signedInShellRoute] : [])].join(', ')}`,
        );
      },
    },
  };
}
