#!/usr/bin/env node
/**
 * Writes the import zones of `.oxlintrc.json` (its `overrides`) from the folders as they are:
 * every web feature may import no other feature, whatever features exist today; the server's
 * plugins import no module, a module reaches another only through its front door, and only
 * repositories (`*.repo.ts`) and `db/` touch drizzle or the tables (docs/architecture.md,
 * "Conventions" and "Server modules"). `npm run lint:zones` writes them; `npm run lint` runs it
 * with `--check`, which fails when the file does not match the folders (a new feature folder is
 * a zone to write and commit). Both refuse the server's modules importing each other in a circle.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const configPath = path.join(root, '.oxlintrc.json');
const featuresDir = path.join(root, 'apps/web/src/features');

const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

const FEATURE_MESSAGE =
  'A feature does not import another feature or a route: move what they share to components/ or lib/ (docs/architecture.md, "Conventions").';
const SHARED_MESSAGE = 'Shared code does not import features or routes (docs/architecture.md, "Conventions").';
const CORE_MESSAGE =
  'Core runs in the browser and on the server: it imports no Node, Fastify, drizzle or React (docs/architecture.md).';
const PLUGIN_MESSAGE =
  'A plugin serves every request and imports no module: give it what it needs when the app registers it (docs/architecture.md, "Server modules").';
const DOOR_MESSAGE =
  'A module reaches another only through its front door, ../<module>/index.ts (docs/architecture.md, "Server modules").';
const SQL_MESSAGE =
  'Only repositories (*.repo.ts) and db/ touch drizzle or the tables: ask the repository of the resource (docs/architecture.md, "Server modules").';

/** drizzle and the table definitions, as values: a type (SQL, a row type) may travel anywhere. */
const sqlPattern = {
  group: ['drizzle-orm', 'drizzle-orm/**', '**/db/schema', '**/db/schema/**'],
  allowTypeImports: true,
  message: SQL_MESSAGE,
};
const pluginPattern = { group: ['**/modules/**'], message: PLUGIN_MESSAGE };
/**
 * `../<module>/<anything but index.ts>`, spelled without a negation: oxlint applies a group's
 * `!pattern` to every group of the rule (it would let the tables through), and its regular
 * expressions have no look-ahead.
 */
const doorPattern = {
  regex: String.raw`^\.\./[a-z-]+/([^i]|i[^n]|in[^d]|ind[^e]|inde[^x]|index[^.]|index\.[^t]|index\.t[^s]|index\.ts.)`,
  message: DOOR_MESSAGE,
};

function featureZones() {
  const features = fs
    .readdirSync(featuresDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return features.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**`],
    rules: restrict({
      group: [...features.filter((other) => other !== feature).map((other) => `**/${other}/**`), '**/routes/**'],
      message: FEATURE_MESSAGE,
    }),
  }));
}

/** The longest function the lint lets stand (`max-lines-per-function`, blank lines and comments aside). */
export const FUNCTION_CEILING = 120;

/**
 * The files whose longest function was written before the ceiling came down to 120 lines, each
 * held to that function's length as it stands (docs/decisions/061-function-ceiling.md). The
 * list only shrinks: a file leaves it when its functions are split, and no file joins it.
 */
export const LONGER_FUNCTIONS = {
  'apps/server/src/db/seed/seed.ts': 165,
  'apps/server/src/modules/access-codes/access-codes.routes.ts': 146,
  'apps/server/src/modules/admin/admin.data.ts': 174,
  'apps/server/src/modules/admin/admin.routes.ts': 134,
  'apps/server/src/modules/carts/carts.pdf.ts': 139,
  'apps/server/src/modules/carts/carts.routes.ts': 140,
  'apps/server/src/modules/displays/displays.live.ts': 147,
  'apps/server/src/modules/manage/manage.routes.ts': 125,
  'apps/server/src/modules/portal/me.routes.ts': 184,
  'apps/web/src/components/room/room-scene.tsx': 166,
  'apps/web/src/components/schema-form/schema-form.tsx': 124,
  'apps/web/src/features/access-links/components/access-links.tsx': 143,
  'apps/web/src/features/auth/components/access-code-page.tsx': 138,
  'apps/web/src/features/catalogue/components/catalogue-editor.tsx': 158,
  'apps/web/src/features/catalogue/components/model-builder.tsx': 160,
  'apps/web/src/features/comments/components/comment-composer.tsx': 145,
  'apps/web/src/features/configure/components/configurator.tsx': 161,
  'apps/web/src/features/configure/components/option-detail.tsx': 139,
  'apps/web/src/features/configure/hooks/use-cart-editor.ts': 126,
  'apps/web/src/features/dashboard/components/dashboard.tsx': 179,
  'apps/web/src/features/displays/components/admin-displays.tsx': 121,
  'apps/web/src/features/home/components/my-home.tsx': 129,
  'apps/web/src/features/imports/components/csv-import.tsx': 160,
  'apps/web/src/features/leads/components/inquiry-form.tsx': 139,
  'apps/web/src/features/leads/components/leads-list.tsx': 168,
  'apps/web/src/features/my-selection/components/cart-alternatives.tsx': 143,
  'apps/web/src/features/my-selection/components/cart-review.tsx': 125,
  'apps/web/src/features/projects/components/admin-configs.tsx': 163,
  'apps/web/src/features/projects/components/admin-data.tsx': 134,
  'apps/web/src/features/projects/components/admin-minimaps.tsx': 162,
  'apps/web/src/features/projects/components/new-project-wizard.tsx': 140,
  'apps/web/src/features/purchases/components/admin-purchases.tsx': 131,
  'apps/web/src/features/settings/components/project-settings.tsx': 129,
  'apps/web/src/features/users/components/admin-users.tsx': 134,
  'scripts/bench-api.ts': 135,
};

const lengthRule = (max) => ['warn', { max, skipBlankLines: true, skipComments: true }];

export function zones() {
  return [
    ...featureZones(),
    ...['components', 'lib', 'config'].map((dir) => ({
      files: [`apps/web/src/${dir}/**`],
      rules: restrict({ group: ['**/features/**', '**/routes/**'], message: SHARED_MESSAGE }),
    })),
    {
      files: ['packages/core/src/**'],
      rules: restrict({
        group: ['node:*', 'fastify', 'fastify/**', 'drizzle-orm', 'drizzle-orm/**', 'react', 'react/**', '**/apps/**'],
        message: CORE_MESSAGE,
      }),
    },
    {
      files: ['apps/web/e2e/**', 'apps/server/**', 'scripts/**', 'packages/**'],
      rules: { 'react-hooks/rules-of-hooks': 'off' },
    },
    // The server: later zones replace earlier ones for the same file, so each lists all it keeps.
    { files: ['apps/server/src/**'], rules: restrict(sqlPattern) },
    { files: ['apps/server/src/plugins/**'], rules: restrict(pluginPattern, sqlPattern) },
    { files: ['apps/server/src/modules/**'], rules: restrict(doorPattern, sqlPattern) },
    { files: ['apps/server/src/db/**'], rules: { 'no-restricted-imports': 'off' } },
    { files: ['apps/server/src/plugins/**/*.repo.ts'], rules: restrict(pluginPattern) },
    { files: ['apps/server/src/modules/**/*.repo.ts'], rules: restrict(doorPattern) },
    ...Object.entries(LONGER_FUNCTIONS).map(([file, max]) => ({
      files: [file],
      rules: { 'max-lines-per-function': lengthRule(max) },
    })),
    // A suite is a list of cases, not a function a reader follows line by line.
    {
      files: ['**/*.test.ts', '**/*.test.tsx', 'apps/web/e2e/**', 'apps/server/test/**'],
      rules: { 'max-lines-per-function': 'off' },
    },
  ];
}

const serverModulesDir = path.join(root, 'apps/server/src/modules');

/** Every file under a folder, recursively. */
const filesUnder = (dir) =>
  fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));

/**
 * The server's modules as a graph: module → the modules its files import (types included), read
 * from the import specifiers `../<module>/…`. A file-level rule (`import/no-cycle`) cannot see a
 * cycle that runs through different files of two modules; this does.
 */
export function moduleGraph() {
  const modules = fs
    .readdirSync(serverModulesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const graph = new Map(modules.map((name) => [name, new Set()]));
  for (const name of modules) {
    for (const file of filesUnder(path.join(serverModulesDir, name)).filter((file) => file.endsWith('.ts'))) {
      for (const [, target] of fs.readFileSync(file, 'utf8').matchAll(/from '\.\.\/([a-z-]+)\//g)) {
        if (target !== name && graph.has(target)) graph.get(name).add(target);
      }
    }
  }
  return graph;
}

/** The module-level cycles, each as the path that closes it (`a → b → a`). */
export function moduleCycles(graph = moduleGraph()) {
  const cycles = [];
  const state = new Map();
  const visit = (name, trail) => {
    state.set(name, 'open');
    for (const next of [...graph.get(name)].sort()) {
      if (state.get(next) === 'open') cycles.push([...trail.slice(trail.indexOf(next)), next].join(' → '));
      else if (!state.has(next)) visit(next, [...trail, next]);
    }
    state.set(name, 'done');
  };
  for (const name of [...graph.keys()].sort()) if (!state.has(name)) visit(name, [name]);
  return cycles;
}

const serverSrc = path.join(root, 'apps/server/src');
/** The engine's own folders, where its table may be named: its module and the database's definitions and migrations. */
const ENGINE_DIRS = ['modules/decor/', 'db/'];

/**
 * Where the engine's table (`items`) is named outside the engine: as an import of the table, or
 * in SQL text. Other modules read collections through the engine's door (`rowsOf`, `itemName`,
 * `itemNames`: docs/architecture.md, "Server modules"), so that how collections are kept is the
 * engine's business alone.
 */
export function itemsOutsideEngine(src = serverSrc) {
  const found = [];
  for (const file of filesUnder(src).filter((file) => file.endsWith('.ts'))) {
    const relative = path.relative(src, file).split(path.sep).join('/');
    if (ENGINE_DIRS.some((dir) => relative.startsWith(dir))) continue;
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, index) => {
      const importsTable = /^import\b.*\{[^}]*\bitems\b[^}]*\}.*db\/schema/.test(line);
      const namesTable = /\b(FROM|JOIN|INTO|UPDATE|TABLE)\s+items\b/i.test(line);
      if (importsTable || namesTable) found.push(`apps/server/src/${relative}:${index + 1}`);
    });
  }
  return found;
}

if (process.argv[1] && fs.realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const current = fs.readFileSync(configPath, 'utf8');
  const next = `${JSON.stringify({ ...JSON.parse(current), overrides: zones() }, null, 2)}\n`;
  let failed = false;
  if (process.argv.includes('--check')) {
    if (next !== current) {
      console.error(
        '.oxlintrc.json does not match the folders: run `npm run lint:zones` to write its zones, and commit it.',
      );
      failed = true;
    }
  } else if (next !== current) {
    fs.writeFileSync(configPath, next);
    console.log('.oxlintrc.json: its zones written from the folders.');
  }
  const cycles = moduleCycles();
  if (cycles.length) {
    console.error(
      `The server's modules import each other in a circle (docs/architecture.md, "Server modules"): give what both need a module of its own, or let the lower one offer a registry the other fills.\n${cycles.map((cycle) => `  ${cycle}`).join('\n')}`,
    );
    failed = true;
  }
  const items = itemsOutsideEngine();
  if (items.length) {
    console.error(
      `The engine's table is named outside the engine (docs/architecture.md, "Server modules"): read a collection through the engine's door (rowsOf, itemName, itemNames in modules/decor/index.ts).\n${items.map((where) => `  ${where}`).join('\n')}`,
    );
    failed = true;
  }
  if (failed) process.exit(1);
}
