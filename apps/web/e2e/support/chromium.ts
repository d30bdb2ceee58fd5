/**
 * Which Chromium the browser tests and the benchmarks drive (docs/testing.md):
 * CHROMIUM_PATH when set; else Debian's: for the tests its headless shell
 * (/usr/bin/chromium-headless-shell, the engine without the browser's own window and
 * profile layers, which costs the machine a good third less; decision 040), for the
 * benchmarks the whole browser (/usr/bin/chromium), each falling back on the other; else the
 * build the @sparticuz/chromium dev dependency ships inside its npm package (nothing
 * downloaded, itself a headless shell), unpacked once with the libraries and fonts it needs.
 * TEST_CHROMIUM=package takes the package's even when the machine has its own.
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

export interface Chromium {
  executablePath: string;
  /** What the browser process needs in its environment (the package's libraries and fonts). */
  env: Record<string, string>;
  source: 'CHROMIUM_PATH' | 'system' | 'package';
}

const SYSTEM_SHELL = '/usr/bin/chromium-headless-shell';
const SYSTEM_CHROMIUM = '/usr/bin/chromium';
export const INSTALL_CHROMIUM = 'sudo apt-get install -y chromium-headless-shell';

/** The tests' browser, or the whole browser the benchmarks measure pages in. */
export type ChromiumKind = 'shell' | 'browser';

const require = createRequire(import.meta.url);

/** Unpacks the package's brotli files into a folder of their own, once per version. */
function unpackPackaged(): Chromium | null {
  let bin: string;
  let version: string;
  try {
    const main = require.resolve('@sparticuz/chromium');
    const packageRoot = main.slice(0, main.lastIndexOf(`${path.sep}build${path.sep}`));
    bin = path.join(packageRoot, 'bin');
    version = (JSON.parse(fs.readFileSync(path.join(packageRoot, 'package.json'), 'utf8')) as { version: string })
      .version;
  } catch {
    return null;
  }
  if (process.platform !== 'linux' || process.arch !== 'x64') return null;
  const dir = path.join(os.tmpdir(), `decor-chromium-${version}`);
  const executablePath = path.join(dir, 'chromium');
  if (!fs.existsSync(path.join(dir, '.complete'))) {
    const partial = `${dir}.${process.pid}.partial`;
    fs.rmSync(partial, { recursive: true, force: true });
    fs.mkdirSync(partial, { recursive: true });
    fs.writeFileSync(
      path.join(partial, 'chromium'),
      zlib.brotliDecompressSync(fs.readFileSync(path.join(bin, 'chromium.br'))),
      { mode: 0o755 },
    );
    for (const archive of ['al2023', 'fonts', 'swiftshader']) {
      execFileSync('tar', ['-x', '-C', partial], {
        input: zlib.brotliDecompressSync(fs.readFileSync(path.join(bin, `${archive}.tar.br`))),
      });
    }
    fs.writeFileSync(path.join(partial, '.complete'), version);
    // Another process may have finished first: either copy is whole.
    try {
      fs.renameSync(partial, dir);
    } catch {
      fs.rmSync(partial, { recursive: true, force: true });
    }
  }
  // The package's own fonts.conf names the folders of the cloud functions it was made for
  // (/var/task/fonts, /tmp/fonts), not where the fonts were unpacked: with no font found, the
  // browser aborts at the first text field (its font manager finds nothing to draw with).
  // Ours names the unpacked fonts, and only them, so every machine draws the same text.
  const fontsConf = path.join(dir, 'decor-fonts.conf');
  const conf = `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n  <dir>${path.join(dir, 'fonts')}</dir>\n  <cachedir>${path.join(dir, 'fonts-cache')}</cachedir>\n</fontconfig>\n`;
  if (!fs.existsSync(fontsConf) || fs.readFileSync(fontsConf, 'utf8') !== conf) {
    // Written whole, then renamed: a browser another test process starts meanwhile reads one or the other.
    fs.writeFileSync(`${fontsConf}.${process.pid}`, conf);
    fs.renameSync(`${fontsConf}.${process.pid}`, fontsConf);
  }
  return {
    executablePath,
    // NSS, expat and the software GPU come with it, so a machine without a browser's libraries runs it.
    env: {
      LD_LIBRARY_PATH: [path.join(dir, 'lib'), dir, process.env.LD_LIBRARY_PATH].filter(Boolean).join(':'),
      FONTCONFIG_FILE: fontsConf,
    },
    source: 'package',
  };
}

const found = new Map<ChromiumKind, Chromium>();

/** The Chromium to launch, or an error that says the one command that installs one. */
export function findChromium(kind: ChromiumKind = 'shell'): Chromium {
  const known = found.get(kind);
  if (known) return known;
  let chosen: Chromium | null = null;
  if (process.env.CHROMIUM_PATH)
    chosen = { executablePath: process.env.CHROMIUM_PATH, env: {}, source: 'CHROMIUM_PATH' };
  else if (process.env.TEST_CHROMIUM !== 'package') {
    const system = (kind === 'shell' ? [SYSTEM_SHELL, SYSTEM_CHROMIUM] : [SYSTEM_CHROMIUM, SYSTEM_SHELL]).find((file) =>
      fs.existsSync(file),
    );
    if (system) chosen = { executablePath: system, env: {}, source: 'system' };
  }
  chosen ??= unpackPackaged();
  if (!chosen)
    throw new Error(
      `No Chromium for the browser tests: install Debian's with \`${INSTALL_CHROMIUM}\` (or set CHROMIUM_PATH).`,
    );
  found.set(kind, chosen);
  return chosen;
}

/** playwright-core's launch options for it. */
export function chromiumLaunch(kind: ChromiumKind = 'shell'): { executablePath: string; env: Record<string, string> } {
  const { executablePath, env } = findChromium(kind);
  return { executablePath, env: { ...(process.env as Record<string, string>), ...env } };
}
