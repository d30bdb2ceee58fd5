import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script of the repository, without types.
import { itemsOutsideEngine, moduleCycles, moduleGraph } from '../../../scripts/lint-zones.mjs';

/** The server's modules import each other without a circle (docs/architecture.md, "Server modules"), and the lint says so when they do. */
describe('the server modules’ graph', () => {
  it('has no cycle today, and its every module is a folder', () => {
    const graph = moduleGraph() as Map<string, Set<string>>;
    expect([...graph.keys()]).toEqual(
      expect.arrayContaining(['audit', 'visits', 'carts', 'comments', 'files', 'decor', 'projects']),
    );
    expect(moduleCycles(graph)).toEqual([]);
    // The two rooms that broke the old cycles, used by the modules that record into them.
    expect([...graph.get('projects')!]).toContain('audit');
    expect([...graph.get('portal')!]).toContain('visits');
    expect([...graph.get('files')!]).not.toContain('comments');
  });

  it('names a cycle through any number of modules, whichever file of each closes it', () => {
    const graph = new Map([
      ['admin', new Set(['portal'])],
      ['portal', new Set(['projects'])],
      ['projects', new Set(['admin'])],
      ['files', new Set(['projects'])],
      ['comments', new Set(['files'])],
    ]);
    expect(moduleCycles(graph)).toEqual(['admin → portal → projects → admin']);
    graph.get('files')!.add('comments');
    expect(moduleCycles(graph)).toEqual(['admin → portal → projects → admin', 'comments → files → comments']);
  });
});

describe('the engine’s table', () => {
  it('is named only inside the engine today', () => {
    expect(itemsOutsideEngine()).toEqual([]);
  });

  it('is found where another module imports it or names it in SQL, and not where the engine does', () => {
    const src = fs.mkdtempSync(path.join(os.tmpdir(), 'decor-zones-'));
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(src, file)), { recursive: true });
      fs.writeFileSync(path.join(src, file), text);
    };
    try {
      write(
        'modules/decor/items.repo.ts',
        "import { items } from '../../db/schema/index.ts';\nconst q = sql`SELECT 1 FROM items`;\n",
      );
      write(
        'modules/carts/carts.repo.ts',
        "import { carts } from './x.ts';\nconst a = sql`SELECT id\n  FROM items c\n  LEFT JOIN items u ON true`;\n",
      );
      write(
        'modules/leads/leads.repo.ts',
        "import { items, users } from '../../db/schema/index.ts';\n// the items of a list\n",
      );
      expect(itemsOutsideEngine(src)).toEqual([
        'apps/server/src/modules/carts/carts.repo.ts:3',
        'apps/server/src/modules/carts/carts.repo.ts:4',
        'apps/server/src/modules/leads/leads.repo.ts:1',
      ]);
    } finally {
      fs.rmSync(src, { recursive: true, force: true });
    }
  });
});
