import type { Plugin } from 'vite';

/**
 * Writes `route-preloads.json` beside the built page (docs/performance.md, "One round"): for each
 * route, the address it answers and the files its page loads (the code-split component of the
 * route and of each layout above it, with everything they import, and their styles); and for each
 * language, the files of its sentences. The server names them in the page it sends, so that the
 * browser asks for them with the entry instead of after the router has run.
 */
export interface RoutePreloads {
  routes: Array<{
    /** The address, as the router writes it: `/configure`, `/go/$code`, `/config/{-$cartId}`. */
    path: string;
    /** The first folder of the route's file when it is a layout (`_user`), which guards who may see it. */
    layout: string | null;
    files: string[];
  }>;
  /** Every screen's sentences in a language: what a page that says them loads once it runs. */
  sentences: Record<string, string[]>;
  /** The staff's screens' sentences beyond those, which their pages load too. */
  staffSentences: Record<string, string[]>;
  /** The chunk that loads those sentences: a page with it among its files will want them. */
  formatter: string | null;
  /** The first page's sentences in a language other than English. */
  firstPage: Record<string, string[]>;
  /** What a signed-in person's page asks for as soon as it runs, whatever the route. */
  signedIn: string[];
}

/**
 * What pages load of their own accord once they run (a `import()` in their code, which the
 * build cannot tell from one that waits for a click): the modules a signed-in page asks for at
 * once, and those a route's page does. The page-weight test fails when a page asks for a file
 * the HTML did not name, so this list cannot fall behind.
 */
export interface AskedAtOnce {
  signedIn: RegExp[];
  byRoute: Record<string, RegExp[]>;
}

interface Chunk {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
  moduleIds: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/** A route file's place among the routes: `_user/admin.api` → ['_user', 'admin', 'api']. */
const segmentsOf = (file: string) => file.replace(/\.tsx$/, '').split(/[/.](?![^{]*\})/);

/** The address of a route file, as the router's file-based naming makes it. */
export function routePath(file: string): string {
  const kept = segmentsOf(file).filter((segment) => !segment.startsWith('_') && segment !== 'index');
  return `/${kept.join('/')}`;
}

export function routePreloads({ routesDir, askedAtOnce }: { routesDir: string; askedAtOnce: AskedAtOnce }): Plugin {
  return {
    name: 'decor-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item): item is Chunk & typeof item => item.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk as unknown as Chunk]));
      const withImports = (roots: Chunk[]) => {
        const files = new Set<string>();
        const visit = (chunk: Chunk) => {
          if (files.has(chunk.fileName)) return;
          files.add(chunk.fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
          for (const imported of chunk.imports) {
            const next = byFile.get(imported);
            if (next) visit(next);
          }
        };
        roots.forEach(visit);
        return [...files];
      };
      const holding = (pattern: RegExp) =>
        (chunks as unknown as Chunk[]).flatMap((chunk) =>
          chunk.moduleIds.flatMap((id) => {
            const match = pattern.exec(id.replaceAll('\\', '/'));
            return match ? [{ chunk, match }] : [];
          }),
        );
      /** The chunks that hold modules of these names, with what they import; a name that matches nothing fails the build. */
      const asked = (patterns: RegExp[] = []) =>
        withImports(
          patterns.flatMap((pattern) => {
            const found = holding(pattern);
            if (!found.length) throw new Error(`route-preloads: no chunk holds a module matching ${pattern}`);
            return found.map(({ chunk }) => chunk);
          }),
        );
      const facade = (chunk: Chunk) => chunk.facadeModuleId?.replaceAll('\\', '/') ?? '';
      const routesRoot = `${routesDir.replaceAll('\\', '/')}/`;
      // The component of each route file (a route's loader and checks are in the entry already).
      const components = new Map<string, Chunk>();
      for (const chunk of chunks as unknown as Chunk[]) {
        const id = facade(chunk);
        const match = id.startsWith(routesRoot) && /^(.*\.tsx)\?tsr-split=component$/.exec(id.slice(routesRoot.length));
        if (match) components.set(match[1]!, chunk);
      }
      const routes: RoutePreloads['routes'] = [];
      for (const file of components.keys()) {
        const segments = segmentsOf(file);
        // A layout (`_user.tsx`, `admin.tsx` beside `admin/`) frames the routes under it; its address is its index's.
        const stem = file.slice(0, -'.tsx'.length);
        if (segments.at(-1)!.startsWith('_') || [...components.keys()].some((other) => other.startsWith(`${stem}/`)))
          continue;
        const chain = segments
          .map((_, i) => `${segments.slice(0, i + 1).join('/')}.tsx`)
          .concat(file)
          .map((candidate) => components.get(candidate))
          .filter((chunk): chunk is Chunk => Boolean(chunk));
        const address = routePath(file);
        routes.push({
          path: address,
          layout: segments.length > 1 && segments[0]!.startsWith('_') ? segments[0]! : null,
          files: [...new Set([...withImports([...new Set(chain)]), ...asked(askedAtOnce.byRoute[address])])],
        });
      }
      const sentences: Record<string, string[]> = {};
      const staffSentences: Record<string, string[]> = {};
      const firstPage: Record<string, string[]> = {};
      for (const { chunk, match } of holding(/\/messages\/([\w-]+)\/(screens|app-staff|first-page)\.ts$/)) {
        const kind = { screens: sentences, 'app-staff': staffSentences, 'first-page': firstPage }[match[2]!]!;
        kind[match[1]!] = withImports([chunk]);
      }
      // The formatter every catalogue is read with.
      const formatter = holding(/\/apps\/web\/src\/lib\/i18n\.ts$/)[0]?.chunk;
      const preloads: RoutePreloads = {
        routes: routes.sort((a, b) => a.path.localeCompare(b.path)),
        sentences,
        staffSentences,
        formatter: formatter?.fileName ?? null,
        firstPage,
        signedIn: asked(askedAtOnce.signedIn),
      };
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify(preloads) });
    },
  };
}
