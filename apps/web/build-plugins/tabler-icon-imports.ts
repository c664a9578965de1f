import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const PACKAGE = '@tabler/icons-react';
const IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]@tabler\/icons-react['"];?/g;
const BARREL_LINE = /^export \{([^}]*)\} from '\.\/icons\/([A-Za-z0-9]+)\.mjs';$/gm;

/** Every icon name the package's index exports, mapped to the file that defines it (some names are aliases). */
export function iconFiles(barrelSource: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const [, names, file] of barrelSource.matchAll(BARREL_LINE)) {
    for (const name of (names ?? '').split(',')) {
      const exported = name.trim().replace(/^default as /, '');
      if (exported) files.set(exported, `${PACKAGE}/dist/esm/icons/${file}.mjs`);
    }
  }
  return files;
}

/**
 * Rewrites `import { IconX, type TablerIcon } from '@tabler/icons-react'` into one default import per icon file,
 * keeping what is not an icon (types) on the package, on as many lines as before. Returns null when nothing changed.
 */
export function rewriteIconImports(code: string, files: Map<string, string>): string | null {
  if (!code.includes(PACKAGE)) return null;
  let changed = false;
  const result = code.replace(IMPORT, (whole, list: string) => {
    const direct: string[] = [];
    const rest: string[] = [];
    for (const raw of list.split(',')) {
      const specifier = raw.trim();
      if (!specifier) continue;
      const [imported, local = imported] = specifier.split(/\s+as\s+/).map((part) => part.trim());
      const file = imported ? files.get(imported) : undefined;
      if (file && !specifier.startsWith('type ')) direct.push(`import ${local} from '${file}';`);
      else rest.push(specifier);
    }
    if (direct.length === 0) return whole;
    changed = true;
    // What stays on the package is usually only types (TablerIcon): a type-only import leaves nothing at run time,
    // where `import { type X }` would still load the index. The imports share one line and the original's line
    // breaks follow, so every later line keeps its number for the source map.
    const onlyTypes = rest.every((specifier) => specifier.startsWith('type '));
    const kept = onlyTypes
      ? `import type { ${rest.map((specifier) => specifier.replace(/^type\s+/, '')).join(', ')} } from '${PACKAGE}';`
      : `import { ${rest.join(', ')} } from '${PACKAGE}';`;
    const imports = [...direct, ...(rest.length > 0 ? [kept] : [])];
    return imports.join(' ') + '\n'.repeat(whole.split('\n').length - 1);
  });
  return changed ? result : null;
}

/**
 * The package's index re-exports its 6,000 icons: importing from it made Rollup load, parse and tree-shake every
 * one of them (three quarters of the modules of the web build) to keep the hundred the app shows. Importing each
 * icon's own file gives the same bundle from a build that reads a hundred files.
 */
export function tablerIconImports(): Plugin {
  let files = new Map<string, string>();
  return {
    name: 'coincard:tabler-icon-imports',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      const require = createRequire(import.meta.url);
      const packageDir = dirname(require.resolve(`${PACKAGE}/package.json`));
      files = iconFiles(readFileSync(join(packageDir, 'dist/esm/tabler-icons-react.mjs'), 'utf8'));
      if (files.size === 0) this.error(`no icons found in ${PACKAGE}'s index: its layout changed`);
    },
    transform(code, id) {
      if (id.includes('/node_modules/') || !/\.[jt]sx?$/.test(id)) return null;
      const rewritten = rewriteIconImports(code, files);
      return rewritten === null ? null : { code: rewritten, map: null };
    },
  };
}
