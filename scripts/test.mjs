// `npm test` after the build: every suite, in two vitest processes side by side
// (docs/testing.md, "How the suite runs"). The browser journeys run one file at a time against
// one server and mostly wait on the browser, so vitest runs them after everything else; here the
// other suites run meanwhile, on one worker, so that the browser keeps its share of the machine.
//
// Arguments are passed on to vitest. Any that choose what runs (a file, `--project`, `-t`)
// make it one plain `vitest run`, as does DATABASE_URL (both processes would share its
// template database). `--outputFile.json=FILE` gets one report of both.
//
// `--node-leg` runs only what a Node version can break (docs/testing.md, "Node versions"):
// core, the server's Node-bound tests on the embedded database (NODE_BOUND in
// lib/test-groups.mjs, the process tests among them), and a few browser journeys as smokes. CI
// runs it on the second Node version, on the build the first run made.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { NODE_BOUND } from './lib/test-groups.mjs';

const require = createRequire(import.meta.url);
const vitest = path.join(path.dirname(require.resolve('vitest/package.json')), 'vitest.mjs');
const nodeLeg = process.argv.includes('--node-leg');
const args = process.argv.slice(2).filter((arg) => arg !== '--node-leg');

const OUTPUT_ARGS = /^--(reporter|outputFile(\.\w+)?)(=|$)/;
const choosesTests = args.some(
  (arg, index) => !OUTPUT_ARGS.test(arg) && !OUTPUT_ARGS.test(args[index - 1] ?? '') && arg !== '--',
);
const jsonArg = args.find((arg) => arg.startsWith('--outputFile.json='));
const jsonFile = jsonArg?.slice('--outputFile.json='.length);

/**
 * Runs vitest with `extra` before the given arguments; resolves to its exit code. `nice`: the
 * process's scheduling priority (its workers, servers and PostgreSQL inherit it).
 */
function run(label, extra, passed, { nice = 0 } = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [vitest, 'run', ...extra, ...passed], {
      stdio: label ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: process.env,
    });
    if (nice && child.pid) {
      try {
        os.setPriority(child.pid, nice);
      } catch {
        // Not allowed here: the same run at the same priority.
      }
    }
    children.add(child);
    if (label) {
      // Whole lines only, so that the two processes' reports interleave line by line.
      for (const [stream, out] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        let rest = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk) => {
          const lines = (rest + chunk).split('\n');
          rest = lines.pop();
          if (lines.length) out.write(lines.map((line) => `${line}\n`).join(''));
        });
        stream.on('end', () => rest && out.write(`${rest}\n`));
      }
    }
    child.on('exit', (code, signal) => {
      children.delete(child);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const children = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
}

if ((choosesTests && !nodeLeg) || process.env.DATABASE_URL) {
  process.exit(await run(null, [], args));
}

/**
 * The browser journeys that stand for the rest on a second Node version: the compiled server
 * answering a browser (its first HTML with the brand, the built app's files, the first screen's
 * data carried in the page, a buyer's change saved). What the pages do is the same on any Node.
 */
const NODE_LEG_JOURNEYS = ['apps/web/e2e/first-screen.test.ts', 'apps/web/e2e/brand.test.ts'];

const withJson = (suffix) => args.map((arg) => (arg === jsonArg ? `--outputFile.json=${jsonFile}.${suffix}` : arg));
const project = (...names) => names.flatMap((name) => ['--project', name]);
const parts = nodeLeg
  ? [
      // The Node leg's server tests on both cores, beside the three journeys, which mostly wait
      // on the browser. (A third worker cost more than it saved: each worker loads the server and
      // its PGlite, 15–20 s of processor time.)
      [
        'others',
        () =>
          run(
            'others',
            [...project('core', 'server-pglite'), '--maxWorkers=2', 'packages/core/', ...NODE_BOUND],
            withJson('others'),
          ),
      ],
      ['browser', () => run('browser', [...project('e2e'), ...NODE_LEG_JOURNEYS], withJson('e2e'))],
    ]
  : [
      ['browser', () => run('browser', project('e2e'), withJson('e2e'))],
      // The browser journeys are the longer chain, one page after another: the other suites
      // take what the cores have left (nice 10), so that the journeys are not kept waiting
      // while those have time to spare (docs/testing.md, "How the suite runs").
      [
        'others',
        () =>
          run(
            'others',
            [...project('core', 'web', 'server-pglite', 'server-postgres'), '--maxWorkers=1'],
            withJson('others'),
            { nice: 10 },
          ),
      ],
    ];
// The first part beside the others, which follow one another. TEST_PART_DONE_FILE, when set, is
// written as soon as either side ends (the browser journeys, or the other suites): a core is
// then free, and CI starts its Node leg on it, beside what is left (.ci/run).
const partDone = () => {
  if (!nodeLeg && process.env.TEST_PART_DONE_FILE && !fs.existsSync(process.env.TEST_PART_DONE_FILE))
    fs.writeFileSync(process.env.TEST_PART_DONE_FILE, '');
};
const [first, ...rest] = await Promise.all([
  parts[0][1]().finally(partDone),
  (async () => {
    const codes = [];
    for (const [, start] of parts.slice(1)) codes.push(await start());
    return codes;
  })().finally(partDone),
]);
const codes = [first, ...rest.flat()];

if (jsonFile) {
  // One report, as one vitest run writes it: the counts added up, the files side by side.
  const parts = ['e2e', 'others'].map((suffix) => `${jsonFile}.${suffix}`).filter((file) => fs.existsSync(file));
  const reports = parts.map((file) => JSON.parse(fs.readFileSync(file, 'utf8')));
  const merged = { ...reports[0], testResults: reports.flatMap((report) => report.testResults ?? []) };
  for (const key of Object.keys(merged)) {
    if (key.startsWith('num')) merged[key] = reports.reduce((sum, report) => sum + (report[key] ?? 0), 0);
  }
  merged.startTime = Math.min(...reports.map((report) => report.startTime ?? Date.now()));
  merged.success = reports.length === codes.length && reports.every((report) => report.success);
  fs.writeFileSync(jsonFile, JSON.stringify(merged));
  for (const file of parts) fs.rmSync(file);
}

console.log(
  `\nnpm test${nodeLeg ? ' (the Node leg)' : ''}: ${parts.map(([label], i) => `${label === 'others' ? 'the other suites' : label === 'browser' ? 'the browser journeys' : `the ${label}`} ${codes[i] === 0 ? 'passed' : 'FAILED'}`).join('; ')}.`,
);
process.exit(codes.find((code) => code !== 0) ?? 0);
