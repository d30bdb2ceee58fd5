import type { FastifyRequest } from 'fastify';
import { acceptedLanguages, readerLanguage, type Language } from '@decor/core';
import type { Db } from '../db/client.ts';
import { findProjectByKey } from '../modules/projects/index.ts';

/**
 * The language of the person behind a request (docs/languages.md): their account's choice,
 * else their browser's Accept-Language, among the languages of the request's project.
 */
export async function requestLanguage(db: Db, request: FastifyRequest): Promise<Language> {
  const project = request.projectKey ? await findProjectByKey(db, request.projectKey).catch(() => undefined) : undefined;
  return readerLanguage({ chosen: request.actor?.language, browser: acceptedLanguages(request.headers['accept-language']), project: project?.options });
}
