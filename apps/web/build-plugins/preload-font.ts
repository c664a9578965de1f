import type { HtmlTagDescriptor, Plugin } from 'vite';

type BundleFile = { type: 'asset' | 'chunk'; fileName: string; names?: string[] };

/** The preload tag for the emitted font file first named `fontName`, or null when the bundle has none. */
export function fontPreloadTag(
  bundle: Record<string, BundleFile>,
  fontName: string,
  base = '/',
): HtmlTagDescriptor | null {
  const font = Object.values(bundle).find((file) => file.type === 'asset' && file.names?.includes(fontName));
  if (!font) return null;
  return {
    tag: 'link',
    // Fonts are fetched in CORS mode even from the same origin: without crossorigin the preload is not reused.
    attrs: { rel: 'preload', href: `${base}${font.fileName}`, as: 'font', type: 'font/woff2', crossorigin: '' },
    injectTo: 'head',
  };
}

/**
 * Preloads a web font that the CSS names, so its download starts with the HTML rather than once the stylesheet
 * is parsed and the page laid out. `fontName` is the file's name in the package, e.g. 'inter-latin-wght-normal.woff2'.
 * A build without that font fails, so a renamed file cannot silently drop the preload.
 */
export function preloadFont(fontName: string): Plugin {
  let base = '/';
  return {
    name: 'coincard:preload-font',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const tag = context.bundle ? fontPreloadTag(context.bundle, fontName, base) : null;
        if (!tag) throw new Error(`preload-font: the build emitted no ${fontName}`);
        return [tag];
      },
    },
  };
}
