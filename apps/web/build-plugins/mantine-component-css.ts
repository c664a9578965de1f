import type { Plugin } from 'vite';

/** Each Mantine component reads its class names from one `<Name>.module.css.mjs`; its rules are `styles/<Name>.css`. */
const CLASS_NAMES_MODULE = /\/@mantine\/core\/esm\/(?:.+\/)?(\w+)\.module\.css\.mjs$/;

/** The import that brings a Mantine class-names module's stylesheet, or null for any other module. */
export function stylesheetImportFor(id: string): string | null {
  const name = CLASS_NAMES_MODULE.exec(id.split('?')[0] ?? '')?.[1];
  return name ? `import '@mantine/core/styles/${name}.css';` : null;
}

/**
 * Lets each Mantine component's CSS travel with its code, so a lazily loaded page brings the styles of the
 * components it uses and the landing page loads only its own instead of all of Mantine's (≈ 230 KB). At build time
 * every class-names module gets an import of its stylesheet; appended after the module's own imports, so a
 * component's dependencies (Button after UnstyledButton) keep Mantine's order. Mantine's global styles (baseline,
 * CSS variables, global) are imported by src/main.tsx.
 *
 * The dev server pre-bundles Mantine into one file, so no class-names module is seen there: in dev the entry gets
 * Mantine's whole stylesheet instead.
 */
export function mantineComponentCss({ devEntry }: { devEntry: string }): Plugin[] {
  return [
    {
      name: 'coincard:mantine-component-css',
      apply: 'build',
      transform(code, id) {
        const stylesheetImport = stylesheetImportFor(id);
        return stylesheetImport ? { code: `${code}\n${stylesheetImport}\n`, map: null } : null;
      },
    },
    {
      name: 'coincard:mantine-component-css-dev',
      apply: 'serve',
      transform(code, id) {
        if (!id.endsWith(devEntry)) return null;
        // Appended, so it follows the entry's own imports of Mantine's global styles, as in a build.
        return { code: `${code}\nimport '@mantine/core/styles.css';\n`, map: null };
      },
    },
  ];
}
