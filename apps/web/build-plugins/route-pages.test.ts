import type { Rolldown } from 'vite';
import { expect, it } from 'vitest';
import { preloadTagsFor } from './route-pages';

type FakeChunk = { imports?: string[]; modules?: string[]; isEntry?: boolean; css?: string[] };

/** Just the fields of Rollup's output that the page builder reads. */
function bundleOf(chunks: Record<string, FakeChunk>): Rolldown.OutputBundle {
  return Object.fromEntries(
    Object.entries(chunks).map(([fileName, chunk]) => [
      fileName,
      {
        type: 'chunk',
        fileName,
        imports: chunk.imports ?? [],
        moduleIds: chunk.modules ?? [],
        isEntry: chunk.isEntry ?? false,
        viteMetadata: { importedCss: new Set(chunk.css ?? []) },
      },
    ]),
  ) as unknown as Rolldown.OutputBundle;
}

const bundle = bundleOf({
  'assets/index-1.js': { isEntry: true, imports: ['assets/react-2.js'], modules: ['/app/src/main.tsx'] },
  'assets/react-2.js': { modules: ['/app/node_modules/react/index.js'] },
  'assets/guest-area-3.js': {
    imports: ['assets/react-2.js', 'assets/api-client-4.js', 'assets/Tabs-5.js'],
    modules: ['/app/src/app/routes/guest-area.ts', '/app/src/app/guards/guest-guard.tsx'],
    css: ['assets/guest-area-3.css'],
  },
  'assets/api-client-4.js': { imports: ['assets/index-1.js'], modules: ['/app/src/lib/api-client.ts'] },
  'assets/Tabs-5.js': { imports: ['assets/api-client-4.js'], css: ['assets/Tabs-5.css'] },
});

it("names a route's chunk and what it imports, once each, leaving out what index.html loads", () => {
  expect(preloadTagsFor(bundle, ['/app/src/app/routes/guest-area.ts'], '/').split('\n    ')).toEqual([
    '<link rel="modulepreload" crossorigin href="/assets/guest-area-3.js">',
    '<link rel="modulepreload" crossorigin href="/assets/api-client-4.js">',
    '<link rel="modulepreload" crossorigin href="/assets/Tabs-5.js">',
    '<link rel="preload" as="style" crossorigin href="/assets/guest-area-3.css">',
    '<link rel="preload" as="style" crossorigin href="/assets/Tabs-5.css">',
  ]);
});

it('follows the base path and refuses a module no chunk holds', () => {
  expect(preloadTagsFor(bundle, ['/app/src/lib/api-client.ts'], '/app/')).toBe(
    '<link rel="modulepreload" crossorigin href="/app/assets/api-client-4.js">',
  );
  expect(() => preloadTagsFor(bundle, ['/app/src/app/routes/gone.ts'], '/')).toThrow(/no chunk holds/);
});
