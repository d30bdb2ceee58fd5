import { execFileSync, execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The server as it was at an earlier commit, built in a temporary folder beside this one, so
 * that a bench measures the old code and the new in one run, on the same database server and
 * rows (docs/performance.md, "Measuring a change"). The old tree borrows this checkout's
 * installed packages when its package-lock.json is this checkout's; otherwise it installs its
 * own from the registry (`npm ci`, about a minute), so that an old commit stays measurable after
 * a dependency changes.
 */

const root = path.resolve(import.meta.dirname, '../..');

export interface Baseline {
  /** The commit built, as `git rev-parse --short` names it. */
  commit: string;
  /** The old tree's root: the server runs from here. */
  dir: string;
  /** Node's arguments that run the old server. */
  serverArgs: string[];
  remove(): void;
}

/** Links every installed package into the old tree, except our workspace packages, which stay the old tree's own. */
function borrowPackages(dir: string) {
  const from = path.join(root, 'node_modules');
  const to = path.join(dir, 'node_modules');
  fs.mkdirSync(to);
  for (const entry of fs.readdirSync(from)) {
    if (entry === '@decor') continue;
    fs.symlinkSync(path.join(from, entry), path.join(to, entry));
  }
  // The workspace links are relative (../../packages/core): the same links in the old tree name its own sources.
  fs.mkdirSync(path.join(to, '@decor'));
  for (const entry of fs.readdirSync(path.join(from, '@decor'))) {
    fs.symlinkSync(fs.readlinkSync(path.join(from, '@decor', entry)), path.join(to, '@decor', entry));
  }
  // Packages npm installed under one workspace (another version than the root's).
  for (const workspace of ['apps/server', 'apps/web', 'packages/core']) {
    const nested = path.join(root, workspace, 'node_modules');
    if (fs.existsSync(nested) && fs.existsSync(path.join(dir, workspace)))
      fs.symlinkSync(nested, path.join(dir, workspace, 'node_modules'));
  }
}

export function buildBaseline(revision: string): Baseline {
  const commit = execFileSync('git', ['-C', root, 'rev-parse', '--short', `${revision}^{commit}`], {
    encoding: 'utf8',
  }).trim();
  const changedPackages = execFileSync('git', ['-C', root, 'diff', '--name-only', commit, '--', 'package-lock.json'], {
    encoding: 'utf8',
  }).trim();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `decor-baseline-${commit}-`));
  try {
    execSync(`git -C ${JSON.stringify(root)} archive --format=tar ${commit} | tar -x -C ${JSON.stringify(dir)}`, {
      stdio: 'pipe',
    });
    if (changedPackages) {
      console.error(
        `${commit} installs other packages than this checkout (package-lock.json differs): installing them for it.`,
      );
      execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, stdio: 'pipe' });
    } else {
      borrowPackages(dir);
    }
    // The API is measured; the old server serves this checkout's built pages.
    fs.symlinkSync(path.join(root, 'apps/web/dist'), path.join(dir, 'apps/web/dist'));
    execFileSync(process.execPath, [path.join(dir, 'scripts/build-server.mjs')], { cwd: dir, stdio: 'pipe' });
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    commit,
    dir,
    serverArgs: ['--enable-source-maps', path.join(dir, 'apps/server/dist/server.js')],
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
