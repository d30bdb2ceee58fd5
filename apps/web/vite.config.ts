import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { createRequire } from 'node:module';
import { mantineStyles } from './vite/mantine-styles.ts';
import { routePreloads } from './vite/route-preloads.ts';
import { basisTranscoder } from './vite/basis-transcoder.ts';
import { threeCatalogue } from './vite/three-catalogue.ts';

/**
 * Writes .br and .gz beside every built asset, so the server sends compressed files
 * without compressing on each request (@fastify/static `preCompressed`). Brotli's best
 * setting is most of the build's time: the files are compressed side by side on libuv's
 * threads, one per core, not one after another (7.5 → about 4 s on two cores).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'decor-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const walk = (dir: string): string[] =>
        fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((entry) => (entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
      const brotli = promisify(zlib.brotliCompress);
      const gzip = promisify(zlib.gzip);
      const files = walk(outDir)
        .filter((f) => /\.(js|css|svg|json|txt|wasm)$/.test(f))
        .map((file) => ({ file, content: fs.readFileSync(file) }))
        .filter(({ content }) => content.length >= 1024)
        // The largest first, so that the last to finish is a small one.
        .sort((a, b) => b.content.length - a.content.length);
      await Promise.all(
        files.map(async ({ file, content }) => {
          fs.writeFileSync(
            `${file}.br`,
            await brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
          fs.writeFileSync(`${file}.gz`, await gzip(content, { level: 9 }));
        }),
      );
    },
  };
}

/**
 * The page's style sheets do not hold its first paint (docs/performance.md, "First paint"): the
 * page arrives with the project's loading shell styled in itself, and the sheets, marked for print
 * until the app applies them before it draws (`main.tsx`), load beside the code instead of
 * ahead of it on a slow line.
 */
function stylesApartFromFirstPaint(): Plugin {
  return {
    name: 'decor-styles-apart',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html
          .replace(/<link rel="stylesheet"([^>]*)>/g, '<link rel="stylesheet"$1 media="print" data-first-styles>')
          .replace(/<link rel="modulepreload"([^>]*)>/g, '<link rel="modulepreload" fetchpriority="low"$1>'),
    },
  };
}

const normalise = (id: string) => id.replaceAll('\\', '/');

/** React, the router and the query cache, less the parts only some pages use. */
function isFramework(id: string): boolean {
  const file = normalise(id);
  if (/vite\/preload-helper|rolldown\/runtime/.test(file)) return true;
  if (
    !/\/node_modules\/(react|react-dom|scheduler|use-sync-external-store|@tanstack\/(react-router|router-core|history|store|react-store|query-core|react-query))\//.test(
      file,
    )
  )
    return false;
  return !/\/(hydration|infiniteQueryObserver|infiniteQueryBehavior|useInfiniteQuery|infiniteQueryOptions|useBlocker|useSuspenseQuery|useQueries|queriesObserver)\.js$/.test(
    file,
  );
}

/** Mantine's core and the components of the sign-in page and of every page's frame. */
const FIRST_PAGE_COMPONENTS = [
  'ActionIcon',
  'Alert',
  'Anchor',
  'Box',
  'Button',
  'Center',
  'CloseButton',
  'Group',
  'Image',
  'Input',
  'InputBase',
  'Loader',
  'Paper',
  'PasswordInput',
  'Stack',
  'Text',
  'TextInput',
  'Title',
  'Transition',
  'UnstyledButton',
];
const FIRST_PAGE_MANTINE = new RegExp(
  `/node_modules/@mantine/core/esm/(core|utils/InlineInput|components/(${FIRST_PAGE_COMPONENTS.join('|')}))/`,
);

function isFirstPageMantine(id: string): boolean {
  return FIRST_PAGE_MANTINE.test(normalise(id)) || normalise(id).endsWith('/src/mantine-globals.ts');
}

/**
 * The Mantine components signed-in pages draw beyond the first page's (the shell's navigation and
 * burger, cards, tabs, tables), with what they import (the scroll lock the header's layout names,
 * the ref helpers of the scrolling strips): one chunk instead of about fifteen.
 */
const PAGE_MANTINE =
  /\/node_modules\/@mantine\/core\/esm\/components\/((AppShell|Burger|NavLink|VisuallyHidden|Badge|Card|Skeleton|SimpleGrid|Progress|Tabs|ScrollArea|List|Table)\/|Checkbox\/CheckIcon\.)/;

/**
 * What opens over a page (menus, pop-overs, dialogs) with their positioning and focus handling:
 * loaded by what opens them, never needed to draw a page (the account menu loads once the page is
 * idle).
 */
const OVERLAY_MANTINE =
  /\/node_modules\/@mantine\/core\/esm\/components\/((Menu|Popover|FocusTrap|Portal|Floating|ModalBase|Overlay|Modal)\/|Radio\/RadioIcon\.)/;

/** The buyer's pages' own code (My home, Configure, My selection): their data, rules, prices and parts. */
const BUYER = new RegExp(
  [
    '/apps/web/src/lib/(cart-summary|cart-query|catalogue|configurator-data|collection-store|use-dates)\\.',
    '/apps/web/src/components/(selection/|ui/price-change-notice|room/room-sketch|room/room-layout)',
    '/packages/core/src/(money|dates|pricing|selection-rules|cart-view|rooms|cart-status|area)\\.',
  ].join('|'),
);

/**
 * The first page's own small modules (its session, project, language and its sentences in
 * English): one chunk, not a dozen that each carry their imports and compress alone. Another
 * language's sentences stay apart, loaded with their reader.
 */
const START = new RegExp(
  [
    '/apps/web/src/lib/(session|project|project-query|language|spoken-language|first-page-text|pseudo-language|loaded-sentences|query-client|access-token|page-answers)\\.',
    '/packages/core/src/messages/(first-page|languages)\\.',
    '/packages/core/src/(content-languages|zone-store|identity|access)\\.',
    '/apps/web/src/lib/api-client\\.',
    '/apps/web/src/lib/my-projects\\.',
    '/apps/web/src/components/ui/(page-frame|language-switch)\\.',
    '/packages/core/src/messages/en/first-page\\.',
    '/node_modules/@mantine/hooks/esm/use-document-title/',
  ].join('|'),
);

/**
 * What the entry loads before any route: never worth preloading again. By name and its seven
 * characters of hash, so that no other chunk is taken for one of them (an `access-…` chunk is a
 * page's sentences; `dev-mode` is the constants the entry shares with the pages, named after its
 * first module, `lib/dev-mode.ts`, and `dev-mode-switch-…` is a page's).
 */
const ALWAYS_LOADED = /^assets\/(framework|mantine|rolldown-runtime|start|dev-mode)-[\w-]{7}\.(js|css)$/;

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, quoteStyle: 'single' }),
    react(),
    basisTranscoder(),
    threeCatalogue(path.resolve(import.meta.dirname, 'src/components/room/three-catalogue.ts')),
    mantineStyles({
      mantineDir: path.resolve(path.dirname(createRequire(import.meta.url).resolve('@mantine/core')), '..'),
    }),
    routePreloads({
      routesDir: path.resolve(import.meta.dirname, 'src/routes'),
      askedAtOnce: {
        signedIn: [/\/src\/lib\/(warm-up|visit-beacon)\.tsx?$/],
        byRoute: {
          '/': [/\/src\/lib\/landing\.ts$/],
          '/explore': [/\/src\/components\/room\/room-scene\.tsx$/],
          // The inquiry form's link to the sign-in page, which the router fetches as soon as it is drawn.
          '/inquire/{-$code}': [/\/src\/routes\/_noauth\/sign-in\.tsx\?tsr-split=component$/],
        },
      },
    }),
    stylesApartFromFirstPaint(),
    precompress(),
  ],
  // Identifies this build: the persisted query cache of another build is thrown away.
  define: { __BUILD_ID__: JSON.stringify(`${Date.now().toString(36)}`) },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    target: 'es2022',
    // A page's list of files to preload names only what the first page has not loaded already:
    // the framework, the first page's Mantine and its styles, the runtime are there before any
    // route loads, and each of some seventy lists in the entry chunk named them again
    // (docs/performance.md, "Page weight").
    modulePreload: {
      // The HTML itself names them all, so that the browser asks for them beside the entry, not after it.
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => !ALWAYS_LOADED.test(dep)),
    },
    sourcemap: false,
    reportCompressedSize: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Seven characters of hash (the fewest the bundler allows for this many chunks) name a file well enough to be cached for a year, and one fewer in
        // each of the some two hundred names the first page's module map carries (docs/performance.md,
        // "Page weight"): a hash does not compress.
        entryFileNames: 'assets/[name]-[hash:7].js',
        chunkFileNames: 'assets/[name]-[hash:7].js',
        assetFileNames: 'assets/[name]-[hash:7][extname]',
        // Two shared chunks every page loads, instead of some thirty small ones: fewer requests
        // and better compression for the first page (docs/performance.md, "Page weight").
        codeSplitting: {
          groups: [
            { name: 'framework', test: (id: string) => isFramework(id), priority: 4 },
            { name: 'mantine', test: (id: string) => isFirstPageMantine(id), priority: 3 },
            // Under HTTP/1.1 a browser fetches six files at a time: forty small chunks cost seven
            // round trips, two larger ones one (docs/performance.md, "Page weight").
            // The page's first: what it draws takes what it imports along, before the overlays do.
            { name: 'ui', test: (id: string) => PAGE_MANTINE.test(normalise(id)), priority: 2 },
            { name: 'overlays', test: (id: string) => OVERLAY_MANTINE.test(normalise(id)), priority: 2 },
            // Only what it names: the code it imports stays where it is (the first page's, above all).
            {
              name: 'buyer',
              test: (id: string) => BUYER.test(normalise(id)),
              priority: 1,
              includeDependenciesRecursively: false,
            },
            {
              name: 'start',
              test: (id: string) => START.test(normalise(id)),
              priority: 1,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
