import type { FastifyRequest } from 'fastify';
import { acceptedLanguages, readerLanguage, type Language } from '@decor/core';
import type { Db } from '../db/client.ts';
import { findProjectByKey } from '../modules/projects/index.ts';

/**
 * The language of the person behind a request (docs/languages.md): their account's choice,
 * else their browser's Accept-Language, among the languages of the request's project. A client
 * that is no browser (it sends no `Sec-Fetch-Site`, which every current browser adds) and names
 * its languages is asking for them on purpose: its Accept-Language wins over the account's choice.
 */
export async function requestLanguage(db: Db, request: FastifyRequest): Promise<Language> {
  const project = request.projectKey
    ? await findProjectByKey(db, request.projectKey).catch(() => undefined)
    : undefined;
  const asked = acceptedLanguages(request.headers['accept-language']);
  const isApiClient = request.headers['sec-fetch-site'] === undefined && asked.length > 0;
  return readerLanguage({
    chosen: isApiClient ? null : request.actor?.language,
    browser: asked,
    project: project?.options,
  });
}
