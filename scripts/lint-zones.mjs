#!/usr/bin/env node
/**
 * Writes the import zones of `.oxlintrc.json` (its `overrides`) from the folders as they are:
 * every web feature may import no other feature, whatever features exist today; the server's
 * plugins import no module, a module reaches another only through its front door, and only
 * repositories (`*.repo.ts`) and `db/` touch drizzle or the tables (docs/architecture.md,
 * "Conventions" and "Server modules"). `npm run lint` runs it first, so a new feature folder
 * is a zone the moment it exists. `--check` only reports whether the file is up to date.
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
const CORE_MESSAGE = 'Core runs in the browser and on the server: it imports no Node, Fastify, drizzle or React (docs/architecture.md).';
const PLUGIN_MESSAGE =
  'A plugin serves every request and imports no module: give it what it needs when the app registers it (docs/architecture.md, "Server modules").';
const DOOR_MESSAGE = 'A module reaches another only through its front door, ../<module>/index.ts (docs/architecture.md, "Server modules").';
const SQL_MESSAGE =
  'Only repositories (*.repo.ts) and db/ touch drizzle or the tables: ask the repository of the resource (docs/architecture.md, "Server modules").';

/** drizzle and the table definitions, as values: a type (SQL, a row type) may travel anywhere. */
const sqlPattern = { group: ['drizzle-orm', 'drizzle-orm/**', '**/db/schema', '**/db/schema/**'], allowTypeImports: true, message: SQL_MESSAGE };
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
    rules: restrict({ group: [...features.filter((other) => other !== feature).map((other) => `**/${other}/**`), '**/routes/**'], message: FEATURE_MESSAGE }),
  }));
}

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
    { files: ['apps/web/e2e/**', 'apps/server/**', 'scripts/**', 'packages/**'], rules: { 'react-hooks/rules-of-hooks': 'off' } },
    // The server: later zones replace earlier ones for the same file, so each lists all it keeps.
    { files: ['apps/server/src/**'], rules: restrict(sqlPattern) },
    { files: ['apps/server/src/plugins/**'], rules: restrict(pluginPattern, sqlPattern) },
    { files: ['apps/server/src/modules/**'], rules: restrict(doorPattern, sqlPattern) },
    { files: ['apps/server/src/db/**'], rules: { 'no-restricted-imports': 'off' } },
    { files: ['apps/server/src/plugins/**/*.repo.ts'], rules: restrict(pluginPattern) },
    { files: ['apps/server/src/modules/**/*.repo.ts'], rules: restrict(doorPattern) },
    // A suite is a list of cases, not a function a reader follows line by line.
    { files: ['**/*.test.ts', '**/*.test.tsx', 'apps/web/e2e/**', 'apps/server/test/**'], rules: { 'max-lines-per-function': 'off' } },
  ];
}

const current = fs.readFileSync(configPath, 'utf8');
const next = `${JSON.stringify({ ...JSON.parse(current), overrides: zones() }, null, 2)}\n`;
if (process.argv.includes('--check')) {
  if (next !== current) {
    console.error('.oxlintrc.json does not match the folders: run `node scripts/lint-zones.mjs`.');
    process.exit(1);
  }
} else if (next !== current) {
  fs.writeFileSync(configPath, next);
}
