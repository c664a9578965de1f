import { join, normalize } from 'node:path';
import type { Plugin, Rolldown } from 'vite';

/** URL path of a client-side route → the source modules its page loads lazily (paths from the web app's root). */
export type RoutePreloads = Record<string, readonly string[]>;

/** Where the pages go in the build; apps/api/src/plugins/serve-spa.ts serves `pages/<path>.html` for `<path>`. */
export const PAGES_DIR = 'pages';

type ChunkWithCss = Rolldown.OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

function chunkOf(bundle: Rolldown.OutputBundle, moduleId: string): ChunkWithCss {
  const chunk = Object.values(bundle).find(
    (file): file is ChunkWithCss => file.type === 'chunk' && file.moduleIds.includes(moduleId),
  );
  if (!chunk) throw new Error(`route-pages: no chunk holds ${moduleId}`);
  return chunk;
}

/** A chunk and everything it imports statically, depth first. */
function withStaticImports(
  bundle: Rolldown.OutputBundle,
  chunk: Rolldown.OutputChunk,
  seen = new Set<string>(),
): string[] {
  if (seen.has(chunk.fileName)) return [];
  seen.add(chunk.fileName);
  const imported = chunk.imports.flatMap((name) => {
    const file = bundle[name];
    return file?.type === 'chunk' ? withStaticImports(bundle, file, seen) : [];
  });
  return [chunk.fileName, ...imported];
}

/**
 * The tags that let the browser fetch a lazily loaded page with the HTML: a modulepreload for its chunks and a
 * preload for their CSS, leaving out what index.html loads already.
 */
export function preloadTagsFor(bundle: Rolldown.OutputBundle, moduleIds: readonly string[], base: string): string {
  const entry = Object.values(bundle).find(
    (file): file is Rolldown.OutputChunk => file.type === 'chunk' && file.isEntry,
  );
  const loadedByIndex = new Set(entry ? withStaticImports(bundle, entry) : []);
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const moduleId of moduleIds) {
    for (const fileName of withStaticImports(bundle, chunkOf(bundle, moduleId))) {
      if (loadedByIndex.has(fileName)) continue;
      scripts.add(fileName);
      for (const css of (bundle[fileName] as ChunkWithCss).viteMetadata?.importedCss ?? []) styles.add(css);
    }
  }
  // crossorigin as on Vite's own tags, so the page's later import() and <link rel="stylesheet"> reuse these.
  return [
    ...[...scripts].map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`),
    ...[...styles].map((file) => `<link rel="preload" as="style" crossorigin href="${base}${file}">`),
  ].join('\n    ');
}

/**
 * Writes `pages/<route>.html` for each route: index.html plus preloads for the lazily loaded code of that page, so
 * /login fetches its page's chunks in parallel with the entry instead of one round trip after it runs. index.html
 * cannot name them itself, as it is the same for every route and the landing page must not pay for the others.
 */
export function routePages(routes: RoutePreloads): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'coincard:route-pages',
    apply: 'build',
    // After Vite's HTML plugin, which adds index.html to the bundle.
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') throw new Error('route-pages: the build has no index.html');
      const html = String(index.source);
      for (const [route, modules] of Object.entries(routes)) {
        const tags = preloadTagsFor(
          bundle,
          modules.map((module) => normalize(join(root, module))),
          base,
        );
        this.emitFile({
          type: 'asset',
          fileName: `${PAGES_DIR}${route}.html`,
          source: html.replace('</head>', `  ${tags}\n  </head>`),
        });
      }
    },
  };
}
