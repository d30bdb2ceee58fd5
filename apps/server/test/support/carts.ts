import type { FastifyInstance } from 'fastify';
import { browserHeaders } from './identity.ts';

export type Item = Record<string, unknown> & { _id: string; _version: number };

/** One standard option of every required category a unit's plan can have: a complete, valid cart. */
export async function completeSelections(app: Pick<FastifyInstance, 'inject'>, cookie: string, planId: string) {
  const get = async (url: string) =>
    (await app.inject({ method: 'GET', url, headers: browserHeaders(cookie) })).json() as Item[];
  const categories = await get('/api/schema/categories/?limit=200');
  const options = await get('/api/schema/options/?limit=200');
  return categories
    .filter((c) => c.required)
    .map((c) => {
      const option = options.find(
        (o) =>
          o.category === c._id &&
          (o.requires as string[]).length === 0 &&
          ((o.plans as string[]).length === 0 || (o.plans as string[]).includes(planId)),
      )!;
      return { option: option._id, quantity: 1 };
    });
}
