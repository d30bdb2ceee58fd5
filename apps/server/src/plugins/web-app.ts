import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import {
  acceptedLanguages,
  projectInLanguage,
  projectLanguages,
  readerLanguage,
  type Language,
  type MeResponse,
  type ProjectResponse,
} from '@decor/core';
import { translatorFor } from '@decor/core/catalogues';
import { sendNotFound } from './errors.ts';
import { carriesCredentials } from './actor.ts';
import { routePreloads } from './route-preloads.ts';

export interface WebAppOptions {
  distDir: string;
  portalHost: string;
  /** The project of a subdomain as the API serves it, or null when there is no such project. */
  /** The project as the page's reader may read it (its staff whole, anyone else its public face). */
  projectOf: (projectKey: string, request: FastifyRequest) => Promise<ProjectResponse | null>;
  /** The signed-in person as GET /api/me answers, or null when the request's credentials are no session. */
  meOf: (request: FastifyRequest) => Promise<MeResponse | null>;
  /** What a signed-in person's page of a project carries of the API's answers (plugins/page-answers.ts). */
  answersOf?: (request: FastifyRequest, pathname: string) => Promise<Record<string, unknown>>;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** JSON that is safe inside a <script> element (no "</script>", no comment openers). */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const colour = (value: string | undefined, fallback: string) =>
  value && /^#[0-9a-f]{6}$/i.test(value) ? value : fallback;

/**
 * The first HTML of a project's page (docs/architecture.md, "White label"): its name in the
 * title and description, its colours, and a loading shell that is already the builder's (logo
 * band, name), so that nothing of the platform shows before the app starts; the project itself
 * travels in the page, so the app needs no request to draw it.
 */
export function brandedIndex(
  indexHtml: string,
  project: ProjectResponse,
  language: Language = projectLanguages(project.options).defaultLanguage,
): string {
  const name = escapeAttribute(project.name);
  const primary = colour(project.theme.primary, '#1f6f5c');
  const band = colour(project.theme.logoBg, '#14372f');
  const t = translatorFor(language);
  // Said in the reader's language (docs/languages.md); the project in the page stays as written, every language in its place.
  const said = projectInLanguage(project, language).options.tagline;
  const tagline = said || t('page.shell-tagline', { project: project.name });
  const logo =
    project.theme.logoUrl && /^\/api\/files\/[0-9a-f-]{36}$/.test(project.theme.logoUrl)
      ? `<img src="${escapeAttribute(project.theme.logoUrl)}" alt="${name}" style="height:32px;width:auto">`
      : `<span>${name}</span>`;
  const head = [
    `<title>${name}</title>`,
    `<meta name="description" content="${escapeAttribute(tagline)}">`,
    `<meta name="theme-color" content="${primary}">`,
    `<style>body{margin:0}#brand-shell{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;min-height:100vh;background:#f8f9fa}#brand-shell header{display:flex;align-items:center;height:64px;padding:0 16px;background:${band};color:#fff;font-weight:700;font-size:18px}#brand-shell main{max-width:640px;margin:0 auto;padding:40px 16px}#brand-shell h1{margin:0 0 24px;color:#212529;font-size:24px;line-height:1.35;font-weight:600}#brand-shell p{margin:0;color:#495057;font-size:16px}#brand-shell i{display:inline-block;width:14px;height:14px;margin-right:10px;border:2px solid ${primary};border-right-color:transparent;border-radius:50%;animation:brand-spin .8s linear infinite;vertical-align:-2px}@keyframes brand-spin{to{transform:rotate(360deg)}}@media (prefers-reduced-motion:reduce){#brand-shell i{animation:none}}</style>`,
    `<script type="application/json" id="project-data">${scriptJson(project)}</script>`,
  ].join('');
  // The tagline is the first thing a person reads, while the app's code arrives.
  const shell = `<div id="root"><div id="brand-shell"><header>${logo}</header><main><h1>${escapeAttribute(tagline)}</h1><p role="status"><i></i>${escapeAttribute(t('page.shell-loading', { project: project.name }))}</p></main></div></div>`;
  return indexHtml
    .replace(/<html lang="[^"]*"/, `<html lang="${language}"`)
    .replace(/<title>[^<]*<\/title>/, head)
    .replace('<div id="root"></div>', shell);
}

/**
 * Tells the app, in the page, who it was served to: a visitor (no session: the app starts
 * signed out without asking GET /api/me, which would only answer 401), or the signed-in person
 * exactly as GET /api/me would answer, so the app needs no request before its first screen.
 */
export function withViewer(html: string, me: MeResponse | null): string {
  const viewer = me ? { signedIn: true, me } : { signedIn: false };
  return html.replace(
    '</head>',
    `<script type="application/json" id="viewer-data">${scriptJson(viewer)}</script></head>`,
  );
}

/**
 * Writes the API's answers the page carries at the end of its body, after everything the browser
 * must find first (docs/performance.md, "First paint").
 */
export function withAnswers(html: string, answers: Record<string, unknown>): string {
  if (!Object.keys(answers).length) return html;
  return html.replace(
    '</body>',
    `<script type="application/json" id="page-answers">${scriptJson(answers)}</script></body>`,
  );
}

/** Whether a path is the API's: an unknown one is a JSON 404, never the app's page. */
const isApiPath = (url: string) => /^\/api(\/|$|\?)/.test(url);

/** The page of a subdomain that is no project: plainly that, with the way to the portal. */
function noSuchProjectHtml(projectKey: string, portalHost: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>No such project</title><style>body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#f8f9fa;color:#212529}main{max-width:560px;margin:12vh auto;padding:0 20px}h1{font-size:28px}a{color:#1a5c4c}</style></head><body><main><h1>No such project</h1><p>There is no project at <b>${escapeAttribute(projectKey)}.${escapeAttribute(portalHost)}</b>. The address may be mistyped, or the project may have moved.</p><p>Check the link in the invitation you received, or ask your design centre for the address of your project.</p></main></body></html>`;
}

/**
 * Serves the built SPA: hashed assets with a year of caching, and index.html (never
 * cached) for every other non-API GET, with the portal host written into a meta tag so
 * the client can find the project in its own host name. API paths never fall through to
 * the SPA: an unknown one is a JSON 404.
 */
export const webAppPlugin = fp(async function webApp(
  app: FastifyInstance,
  { distDir, portalHost, projectOf, meOf, answersOf }: WebAppOptions,
) {
  const indexFile = path.join(distDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (!hasBuild) app.log.warn({ distDir }, 'the web app is not built: run `npm run build`; serving the API only');

  const indexHtml = hasBuild
    ? fs
        .readFileSync(indexFile, 'utf8')
        .replace('<head>', `<head><meta name="portal-host" content="${escapeAttribute(portalHost)}">`)
    : '';
  const preloadsOf = routePreloads(distDir, indexHtml);
  /** Names in the page the files its route will load (plugins/route-preloads.ts). */
  const withPreloads = (page: string, pathname: string, me: MeResponse | null, language: Language | null) =>
    page.replace(
      '</head>',
      `${preloadsOf(pathname, { signedIn: me !== null, isAdmin: me?.isAdmin === true, language })}</head>`,
    );

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: false,
      preCompressed: true,
      globIgnore: ['index.html', '**/*.br', '**/*.gz'],
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  /** A page of the app: index.html for the request's project and viewer. */
  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    // The page differs for visitors and signed-in people: never shared by a cache.
    const html = reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'private, no-cache')
      .header('vary', 'Cookie, Authorization, Accept-Language');
    // Cookies that are no session (expired, signed out elsewhere) make a visitor's page too.
    const me = carriesCredentials(request) ? await meOf(request) : null;
    const pathname = new URL(request.url, 'http://page').pathname;
    const forWhom = (page: string, language: Language | null) =>
      withPreloads(withViewer(page, me), pathname, me, language);
    const projectKey = request.projectKey;
    if (!projectKey) return html.send(forWhom(indexHtml, null));
    const project = await projectOf(projectKey, request);
    if (!project) return html.status(404).send(noSuchProjectHtml(projectKey, portalHost));
    const language = readerLanguage({
      chosen: me?.language,
      browser: acceptedLanguages(request.headers['accept-language']),
      project: project.options,
    });
    const page = forWhom(brandedIndex(indexHtml, project, language), language);
    if (!me || !answersOf) return html.send(page);
    return html.send(withAnswers(page, await answersOf(request, pathname)));
  };

  // Pages are a route of their own (not the not-found handler), so that the hooks every route
  // has apply to them too: compression above all (plugins/compression.ts).
  if (hasBuild) {
    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      if (isApiPath(request.url)) return sendNotFound(request, reply);
      return servePage(request, reply);
    });
  }
  app.setNotFoundHandler(async (request, reply) => sendNotFound(request, reply));
});
