import fs from 'node:fs';
import path from 'node:path';
import { appRouteOf, type Language } from '@decor/core';

/**
 * The files a page of the app will ask for, named in the page itself (docs/performance.md, "One
 * round"): the build lists each route's files (`route-preloads.json`, written by the web app's
 * build), and the page of a route names them as preloads, so that the browser fetches them beside
 * the entry instead of one round after another while the router, then the page, find them.
 */
interface Built {
  routes: Array<{ path: string; layout: string | null; files: string[] }>;
  sentences: Record<string, string[]>;
  staffSentences: Record<string, string[]>;
  formatter: string | null;
  firstPage: Record<string, string[]>;
  signedIn: string[];
}

/** The layouts that send a visitor to the sign-in page (the guards of docs/screens.md). */
const SIGNED_IN_LAYOUTS = new Set(['_user', '_manager', '_admin', '_default']);

const escape = (file: string) => file.replace(/[^\w./-]/g, '');

function linkOf(file: string): string {
  const href = `/${escape(file)}`;
  return file.endsWith('.css')
    ? `<link rel="preload" as="style" fetchpriority="low" crossorigin href="${href}">`
    : `<link rel="modulepreload" fetchpriority="low" crossorigin href="${href}">`;
}

export type PreloadsOf = (
  pathname: string,
  reader: { signedIn: boolean; isAdmin: boolean; language: Language | null },
) => string;

/** The layouts of the staff's pages, whose screens say the staff's sentences too. */
const STAFF_LAYOUTS = new Set(['_manager', '_admin']);

/** Reads the build's list; without one (an old build), pages name nothing more. `page` names some already. */
export function routePreloads(distDir: string, page: string): PreloadsOf {
  let built: Built;
  try {
    built = JSON.parse(fs.readFileSync(path.join(distDir, 'route-preloads.json'), 'utf8')) as Built;
  } catch {
    return () => '';
  }
  const byPath = new Map(built.routes.map((route) => [route.path, route]));
  const signIn = byPath.get('/sign-in');
  return (pathname, { signedIn, isAdmin, language }) => {
    const appRoute = appRouteOf(pathname);
    let route = appRoute ? byPath.get(appRoute) : undefined;
    if (!route) return '';
    // A visitor on a page for signed-in people is shown the sign-in page.
    if (!signedIn && route.layout && SIGNED_IN_LAYOUTS.has(route.layout)) route = signIn;
    if (!route) return '';
    const files = [...route.files, ...(signedIn ? built.signedIn : [])];
    if (language) {
      // A page that reads the screens' sentences loads its language's; a visitor's first page, its own part.
      if (built.formatter && route.files.includes(built.formatter)) {
        files.push(...(built.sentences[language] ?? []));
        // The staff's pages, and an administrator's anywhere (their tools open over any page: lib/staff-screens.ts).
        if (isAdmin || (route.layout && STAFF_LAYOUTS.has(route.layout)))
          files.push(...(built.staffSentences[language] ?? []));
      } else files.push(...(built.firstPage[language] ?? []));
    }
    return [...new Set(files)]
      .filter((file) => !page.includes(`/${file}"`))
      .map(linkOf)
      .join('');
  };
}
