// The server's test files grouped by what can change their answer (docs/testing.md, "Which
// database" and "Node versions"): vitest.config.ts and scripts/test.mjs read them from here.

const serverTests = (names) => names.map((name) => `apps/server/test/${name}.test.ts`);

/**
 * What no SQL of ours decides, run on PGlite only: the process-level tests of the embedded
 * database, identity, mail and OIDC, the API's document, compression, errors, headers and the
 * web app's pages, probes and metrics, configuration, file storage drivers and images, the
 * read path's helpers on their own, and the PDF's fonts.
 */
export const PGLITE_ONLY = serverTests([
  'config',
  'data-dir-lock',
  'server-process',
  'backup',
  'compression',
  'errors',
  'identity',
  'identity-hardening',
  'oidc',
  'openapi',
  'operations',
  'web-app',
  's3-files',
  'demo-photos',
  'project-options',
  'read-path',
  'woff',
  'ids',
  'changed-fields',
  'module-graph',
  'icalendar',
  'budget-fit',
  'budget-fit-cart',
  'option-costs',
]);

/** The tests that run the compiled server as a process (they need `npm run build`). */
export const NEEDS_BUILD = serverTests(['data-dir-lock', 'server-process', 'backup']);

/**
 * The server tests a Node version can change, run again on the Node leg: what leans on Node's
 * own machinery rather than on our SQL or JavaScript. Processes, signals, timers and file locks
 * (the process tests), its HTTP server (slow requests, static files, compression, uploads and
 * their streams, S3 over HTTP), its crypto (identity, OIDC, ids), its zlib (fonts), the native
 * image library loaded for its ABI (photos), V8's heap (configuration's bound, the read path's
 * young generation), Intl (imports' numbers and dates, PDFs), and a screen's WebSocket on a real
 * socket. What only our code decides (errors, the API's document, the project's options, the
 * back office's queries) runs once (decision 039; docs/testing.md, "Node versions").
 */
export const NODE_BOUND = serverTests([
  'data-dir-lock',
  'server-process',
  'backup',
  'compression',
  'identity',
  'identity-hardening',
  'oidc',
  'web-app',
  's3-files',
  'demo-photos',
  'read-path',
  'woff',
  'ids',
  'config',
  'cart-documents',
  'files',
  'imports',
  'displays-live',
]);
