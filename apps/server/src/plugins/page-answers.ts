import type { FastifyInstance, FastifyRequest } from 'fastify';
import { COLLECTION_MAX_PAGE_SIZE } from '@decor/core';

/**
 * The answers a signed-in person's page carries (docs/performance.md, "First paint"): what the
 * app asks the API for before its first screen, asked here instead, with the same credentials
 * through the same routes (so the same access rules), and written into the page. The app takes
 * each one once instead of a request; anything missing or refused is simply not carried, and
 * the app asks for it as it always did.
 */

/** The buyer's pages that show a cart with its catalogue (the paths `prefetchBuyerData` serves). */
const CART_PAGE = /^\/(configure|explore|tour|config)(\/([0-9a-f-]{36}))?\/?$/;

/** Exactly the addresses the app asks for (lib/catalogue.ts, lib/cart-summary.ts, lib/my-projects.ts). */
const CATALOGUE = ['categories', 'options', 'packages'].map(
  (collection) => `/api/schema/${collection}/?limit=${COLLECTION_MAX_PAGE_SIZE}`,
);
const MY_PROJECTS = '/api/me/projects';
const MY_CARTS = '/api/carts/mine';
const cartPath = (id: string) => `/api/schema/carts/${encodeURIComponent(id)}`;

/** The request headers that say who is asking and through which host: nothing else is passed on. */
const PASSED_HEADERS = [
  'host',
  'cookie',
  'authorization',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-for',
  'user-agent',
  'accept-language',
];

export type PageAnswers = Record<string, unknown>;

/** The answers for a page of a project, for the person the request's credentials say. */
export async function pageAnswersFor(
  app: FastifyInstance,
  request: FastifyRequest,
  pathname: string,
): Promise<PageAnswers> {
  const headers: Record<string, string> = {};
  for (const name of PASSED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const answered = new Map<string, unknown>();
  const asked: string[] = [];
  const ask = async (path: string) => {
    asked.push(path);
    const response = await app.inject({ method: 'GET', url: path, headers, remoteAddress: request.ip });
    if (response.statusCode !== 200) return undefined;
    const body: unknown = response.json();
    answered.set(path, body);
    return body;
  };
  const cartPage = CART_PAGE.exec(pathname);
  await Promise.all([
    ask(MY_PROJECTS),
    ask(MY_CARTS).then((mine) => {
      // The cart the page shows: the one in its address, else the person's first (as the app picks).
      const id = cartPage?.[3] ?? (Array.isArray(mine) ? (mine[0] as { _id?: unknown } | undefined)?._id : undefined);
      if (cartPage && typeof id === 'string') return ask(cartPath(id));
    }),
    ...(cartPage ? CATALOGUE.map(ask) : []),
  ]);
  // In the order asked, not the order answered: the same page for the same data.
  const answers: PageAnswers = {};
  for (const path of asked) if (answered.has(path)) answers[path] = answered.get(path);
  return answers;
}
