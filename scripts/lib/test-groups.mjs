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
]);

/** The tests that run the compiled server as a process (they need `npm run build`). */
export const NEEDS_BUILD = serverTests(['data-dir-lock', 'server-process', 'backup']);

/**
 * The server tests a Node version can change, run again on the Node leg: everything above (its
 * crypto, zlib, streams, sockets, child processes, WebAssembly), and what leans on Node's Intl,
 * streams and sockets beyond it: time zones on deadlines, PDFs, uploads, imports, and a
 * screen's WebSocket on a real socket. (Two servers on one PostgreSQL are not here: what
 * crosses servers is our SQL and NOTIFY; decision 039.)
 */
export const NODE_BOUND = [
  ...PGLITE_ONLY,
  ...serverTests(['manage', 'cart-documents', 'files', 'imports', 'displays-live']),
];
