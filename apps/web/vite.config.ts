import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { colorSchemeScript } from './build-plugins/color-scheme-script.ts';
import { mantineComponentCss } from './build-plugins/mantine-component-css.ts';
import { precompress } from './build-plugins/precompress.ts';
import { preloadFont } from './build-plugins/preload-font.ts';
import { prerenderPages } from './build-plugins/prerender-pages.ts';
import { type RoutePreloads, routePages } from './build-plugins/route-pages.ts';

const API_TARGET = process.env.API_URL ?? 'http://localhost:3000';

// Guest pages are often a first visit too: their lazily loaded code is named in their own copy of index.html.
const GUEST_AREA = ['src/app/routes/guest-area.ts'];
// Signed-in pages get no page of their own: naming their 25 to 30 chunks in the HTML took bandwidth from the entry
// and moved the first paint later (decision 034); src/main.tsx starts their code once the entry runs.
const ROUTE_PRELOADS: RoutePreloads = {
  '/login': GUEST_AREA,
  '/signup': GUEST_AREA,
  '/password/forgot': GUEST_AREA,
  '/password/reset': GUEST_AREA,
};
// Pages whose signed-out view does not depend on the address's query: prerendered to HTML. The reset page reads its
// token from the query, so it is not among them.
const PRERENDERED_ROUTES = ['/', '/login', '/signup', '/password/forgot'];

// Route-level splitting comes from React.lazy; the admin area is one chunk because every admin page is
// loaded through the single dynamic import of src/app/routes/admin-area.ts. Vendors get long-lived chunks.
export default defineConfig({
  plugins: [
    react(),
    colorSchemeScript(),
    mantineComponentCss({ devEntry: '/src/main.tsx' }),
    // Inter's Latin subset is the one every page's text needs (src/main.tsx imports @fontsource-variable/inter).
    preloadFont('inter-latin-wght-normal.woff2'),
    routePages(ROUTE_PRELOADS),
    prerenderPages({ entry: 'src/prerender-entry.tsx', routes: PRERENDERED_ROUTES, signedInShellRoute: '/dashboard' }),
    precompress(),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET },
      // The sandbox payment provider's checkout data; its page (/sandbox/checkout/...) is the SPA's.
      '/sandbox/payments': { target: API_TARGET },
      // The sandbox card issuer's spend simulator data and merchant logos; its page (/sandbox/cards/...) is the SPA's.
      '/sandbox/issuing': { target: API_TARGET },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET },
      // The sandbox payment provider's checkout data; its page (/sandbox/checkout/...) is the SPA's.
      '/sandbox/payments': { target: API_TARGET },
      // The sandbox card issuer's spend simulator data and merchant logos; its page (/sandbox/cards/...) is the SPA's.
      '/sandbox/issuing': { target: API_TARGET },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      // The entry's exports are nobody's API: Rolldown may shape its chunk freely.
      preserveEntrySignatures: false,
      // zod's builders make a value and touch nothing else, so a schema nobody reads is dropped with its module's
      // other unread ones: answers are checked only in development (decision 040), and a page that checks a form
      // with one schema should not build its module's others.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        chunkFileNames: (chunk) => (chunk.name === 'admin-area' ? 'assets/admin-[hash].js' : 'assets/[name]-[hash].js'),
        // Rolldown alone splits shared code finely (131 files, dozens for one page; it has no minimum chunk size):
        // React apart, everything the entry loads in one chunk, and the small modules two or more pages share, with
        // what they import, in one more (decision 038).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 2 },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 2 },
            { name: 'initial', tags: ['$initial'], priority: 1 },
            { name: 'shared', minShareCount: 2, maxModuleSize: 4000 },
          ],
        },
      },
    },
  },
});
