import path from 'node:path';

/** Set by the server's build (scripts/build-server.mjs) in the bundle; absent when run from source. */
declare const __SERVER_BUNDLE__: boolean | undefined;

const bundled = typeof __SERVER_BUNDLE__ !== 'undefined' && __SERVER_BUNDLE__;

/**
 * The server package's folder, whether this code runs from its source (src/lib/paths.ts) or
 * from its bundle (dist/server.js): every file the server reads at run time is found from here.
 */
export const serverRoot = bundled
  ? path.resolve(import.meta.dirname, '..')
  : path.resolve(import.meta.dirname, '../..');

/** The SQL migrations: copied beside the bundle by the build, so `dist/` runs on its own. */
export const migrationsFolder = bundled
  ? path.join(serverRoot, 'dist', 'migrations')
  : path.join(serverRoot, 'src', 'db', 'migrations');

/** The built web app, unless WEB_DIST_DIR says otherwise. */
export const defaultWebDist = path.resolve(serverRoot, '../web/dist');
