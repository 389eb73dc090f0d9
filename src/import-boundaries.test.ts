import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Server, tracker and dashboard never import each other: each may import `src/contract/` (and
 * itself), nothing of the other two, type-only imports and tests included — a shape shared across
 * the boundary belongs in the contract (STYLE.md, habit 4). The server does build the tracker, but
 * from a file path handed to esbuild, not through an import.
 */
const SRC = dirname(fileURLToPath(import.meta.url));
const SIDES = ['server', 'tracker', 'app'] as const;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every module specifier of a file: static, `import type`, `export … from`, `import()`, `typeof import()`. */
function specifiers(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles.map((f) => f.fileName);
}

const sideOf = (path: string) => relative(SRC, path).split(/[\\/]/)[0];

describe('import boundaries', () => {
  it('finds imports of every kind (the reader itself works)', () => {
    const { importedFiles } = ts.preProcessFile(
      "import a from './a.js';\nimport type { B } from '../b.js';\nexport { c } from './c.js';\nconst d = await import('./d.js');\ntype E = typeof import('./e.js');\n",
      true,
      true,
    );
    expect(importedFiles.map((f) => f.fileName).sort()).toEqual(['../b.js', './a.js', './c.js', './d.js', './e.js']);
  });

  it.each(SIDES)('src/%s imports no other side except through src/contract/', (side) => {
    const crossings: string[] = [];
    for (const file of sourceFiles(join(SRC, side))) {
      for (const specifier of specifiers(file)) {
        if (!specifier.startsWith('.')) continue;
        const target = sideOf(resolve(dirname(file), specifier));
        if (target !== side && (SIDES as readonly string[]).includes(target))
          crossings.push(`${relative(SRC, file)} → ${specifier}`);
      }
    }
    expect(crossings).toEqual([]);
  });
});
