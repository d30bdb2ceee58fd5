import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EN_APP_STAFF } from '../../../packages/core/src/messages/en/app-staff.ts';
import { EN_SCREENS } from '../../../packages/core/src/messages/en/screens.ts';
import { EN } from '../../../packages/core/src/messages/en/index.ts';

/**
 * A buyer's page loads every screen's sentences but the staff's (docs/languages.md, "Loading"):
 * so no code a buyer's page can run — the modules its routes import, at once or later, followed
 * from every route outside the back office and the platform's pages — may say a staff sentence,
 * or a buyer would read its key. What only an administrator opens over any page is apart: an
 * administrator's pages load the staff's sentences everywhere.
 */
const SRC = path.dirname(new URL(import.meta.url).pathname);
const STAFF_ROUTES = /^routes\/(_manager|_admin)(\/|\.tsx$)/;
const ADMINISTRATORS_ONLY = /^(routes\/_user\/admin\.api\.tsx|features\/(quick-box|fake-subdomain)\/)/;
const STAFF_AREAS = new Set(Object.keys(EN_APP_STAFF).map((key) => key.split('.').slice(0, 2).join('.')));

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** The app's own modules a file imports (statically or with `import()`), as paths under src/. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from\s+|import\s*\(\s*)'(\.{1,2}\/[^']+)'/g)]
    .map(([, specifier]) => path.resolve(path.dirname(file), specifier!))
    .filter((resolved) => fs.existsSync(resolved) && fs.statSync(resolved).isFile());
}

describe('the staff’s sentences', () => {
  it('are said by no module a buyer’s page can load', () => {
    const relative = (file: string) => path.relative(SRC, file);
    const start = sourceFiles(path.join(SRC, 'routes'))
      .filter((file) => !STAFF_ROUTES.test(relative(file)))
      .concat(path.join(SRC, 'main.tsx'));
    const reached = new Set<string>();
    const queue = [...start];
    while (queue.length) {
      const file = queue.pop()!;
      if (reached.has(file) || ADMINISTRATORS_ONLY.test(relative(file))) continue;
      reached.add(file);
      queue.push(...importsOf(file));
    }
    // Keys written whole that the page's catalogue lacks (a staff sentence, a mail's), and areas
    // of the staff's sentences whose keys are put together (`app.reports.${…}`).
    const said = [...reached].flatMap((file) => {
      const text = fs.readFileSync(file, 'utf8');
      const whole = [...text.matchAll(/['`]([a-z][\w-]*(?:\.[\w-]+)+)['`]/g)]
        .map(([, key]) => key!)
        .filter((key) => key in EN && !(key in EN_SCREENS));
      const areas = [...text.matchAll(/['`](app\.[\w-]+)\./g)]
        .map(([, area]) => area!)
        .filter((area) => STAFF_AREAS.has(area));
      return [...whole, ...areas].map((key) => `${relative(file)}: ${key}`);
    });
    // The walk reaches the buyer's pages (a control that the walk follows imports at all).
    expect([...reached].map(relative)).toContain('features/configure/components/configurator.tsx');
    expect(said).toEqual([]);
  });
});
