import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '../../lib/error-replies.ts';
import { z } from 'zod';
import {
  acceptedLanguages,
  EMBED_ELSEWHERE,
  EMBED_SECTIONS,
  embedSettingsSchema,
  formattingLocale,
  FORM_MIN_SECONDS,
  inquiryFormSchema,
  localisedOptions,
  projectOptionsSchema,
  readerLanguage,
  themeSchema,
  translator,
  type EmbedSection,
  type Language,
  type Translate,
} from '@decor/core';
import { CATALOGUES, translatorFor } from '@decor/core/catalogues';
import { pseudoCatalogue } from '@decor/core/pseudo';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { requireManager, requireProject, type ProjectRow } from '../projects/index.ts';
import { inquiryFormOf, publicInterests } from '../leads/index.ts';
import { requestLanguage } from '../../lib/reader-language.ts';
import { countEmbed, embedCountsOf, widgetContent } from './embed.repo.ts';
import { consumeRate, RATE_RULES, withinRate } from '../../plugins/rate-limit.ts';
import { renderWidget } from './embed.page.ts';
import { loaderScript, widgetScript } from './embed.client.ts';

const tags = ['embed'];
const errors = errorReplies(400, 401, 403, 404, 429);
const WIDGET_JS = widgetScript(FORM_MIN_SECONDS);
// Other sites load these (the loader) or frame them (the widget): their resource policy says so.
const SCRIPT_HEADERS = {
  'content-type': 'text/javascript; charset=utf-8',
  'cache-control': 'public, max-age=300',
  'cross-origin-resource-policy': 'cross-origin',
};

/** The site a request came from, as an origin (`https://builder.example`), or '' when the browser did not say. */
function originOf(url: string | undefined | null): string {
  try {
    return url ? new URL(url).origin.slice(0, 200) : '';
  } catch {
    return '';
  }
}

/**
 * The site a view or a click is counted under: one of the project's own sites (those it lists,
 * and its own address), or "elsewhere" for any other, so that no one fills the managers' figures
 * with invented sites by naming them in a request.
 */
function countedSite(origin: string, listed: string[], own: string): string {
  return origin && (origin === own || listed.includes(origin)) ? origin : EMBED_ELSEWHERE;
}

/** The project the host names, as a visitor may see it: an archived project has no widget. */
const widgetProject = (db: Db, key: string | null): Promise<ProjectRow> => requireProject(db, key, null);

/** The sections a widget shows: those asked for in its snippet that the project offers, or all the project offers. */
function sectionsFor(asked: string | undefined, offered: EmbedSection[]): EmbedSection[] {
  const wanted = (asked ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(
      (s): s is EmbedSection =>
        (EMBED_SECTIONS as readonly string[]).includes(s) && offered.includes(s as EmbedSection),
    );
  return wanted.length ? [...new Set(wanted)] : offered;
}

/**
 * The builder's widget (docs/public-pages.md, "The widget"): the loader script a builder's page
 * runs, the widget page it frames and its script, the count of clicks, and the figures for the
 * project's managers. Nothing here reads the visitor's session: a signed-in browser sees what a
 * visitor sees.
 */
const pseudoTranslators = new Map<Language, Translate>();
/** The sentences of `language` in the pseudo-language (each wrapped in ⟦ ⟧ and lengthened). */
function pseudoTranslator(language: Language): Translate {
  let translate = pseudoTranslators.get(language);
  if (!translate) {
    translate = translator(pseudoCatalogue(CATALOGUES[language]), language);
    pseudoTranslators.set(language, translate);
  }
  return translate;
}

export const embedRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { database, authSecret }) => {
  const db = database.db;
  const projectOf = (key: string | null) => widgetProject(db, key);

  app.get('/embed.js', { schema: { hide: true } }, async (request, reply) => {
    await projectOf(request.projectKey);
    return reply.headers(SCRIPT_HEADERS).send(loaderScript(`${request.protocol}://${request.host}`));
  });

  app.get('/embed/widget.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.headers(SCRIPT_HEADERS).send(WIDGET_JS),
  );

  app.get(
    '/embed',
    // `pseudo=1`: the widget in the pseudo-language, to see what is not yet in the catalogue (docs/languages.md, "Checks").
    {
      schema: {
        hide: true,
        querystring: z.object({ show: z.string().max(200).optional(), pseudo: z.literal('1').optional() }),
      },
    },
    async (request, reply) => {
      const project = await projectOf(request.projectKey);
      const options = projectOptionsSchema.parse(project.options ?? {});
      const embed = embedSettingsSchema.parse(options.embed ?? {});
      const sections = sectionsFor(request.query.show, embed.sections);
      const formInFrame = embed.origins.length > 0;
      // In the visitor's language among the project's (the browser's, else the project's default).
      const language = readerLanguage({
        browser: acceptedLanguages(request.headers['accept-language']),
        project: options,
      });
      const [content, interests] = await Promise.all([
        widgetContent(db, project.id, language),
        sections.includes('form') && formInFrame ? publicInterests(db, project.id, language) : [],
      ]);
      // Counted at most as often as clicks are from one address (the page is served anyway).
      const site = countedSite(
        originOf(request.headers.referer),
        embed.origins,
        `${request.protocol}://${request.host}`,
      );
      await withinRate(db, `embed-count:ip:${request.ip}`, RATE_RULES.embedCountsPerAddress)
        .then(async (isCounted) => {
          if (isCounted) await countEmbed(db, project.id, site, 'views');
        })
        .catch((error: unknown) => request.log.warn({ err: error }, 'a widget view was not counted'));
      // Framed by the project's own sites when it lists them; the read-only sections by any site when it lists none.
      const ancestors = formInFrame ? ["'self'", ...embed.origins].join(' ') : '*';
      const policy = String(reply.getHeader('content-security-policy') ?? '').replace(
        /frame-ancestors [^;]*/,
        `frame-ancestors ${ancestors}`,
      );
      const html = renderWidget({
        project: {
          name: project.name,
          tagline: localisedOptions(options, language, options.defaultLanguage).tagline ?? null,
          currency: project.currency,
          locale: formattingLocale(language, options.locale),
          theme: themeSchema.parse(project.theme),
          language,
        },
        t: request.query.pseudo ? pseudoTranslator(language) : translatorFor(language),
        sections,
        formInFrame,
        ...content,
        interests,
      });
      return reply
        .headers({
          'content-type': 'text/html; charset=utf-8',
          'cache-control': 'no-store',
          'content-security-policy': policy,
          'cross-origin-resource-policy': 'cross-origin',
          vary: 'Accept-Language',
        })
        .removeHeader('x-frame-options')
        .send(html);
    },
  );

  await app.register(widgetAskRoutes, { database, authSecret });
};

/** What the widget asks of the server once drawn (its inquiry form, its clicks), and the figures the managers read. */
const widgetAskRoutes: FastifyPluginAsyncZod<Pick<AppContext, 'database' | 'authSecret'>> = async (
  app,
  { database, authSecret },
) => {
  const db = database.db;
  const projectOf = (key: string | null) => widgetProject(db, key);

  app.get(
    '/api/embed/form',
    {
      schema: {
        tags,
        summary:
          "A fresh inquiry form for the builder's widget: as `GET /api/inquire/form`, its token saying the lead comes from the widget",
        response: { 200: inquiryFormSchema, ...errors },
      },
    },
    async (request, reply) => {
      const project = await projectOf(request.projectKey);
      return reply
        .header('cache-control', 'no-store')
        .send(await inquiryFormOf(db, authSecret, project, await requestLanguage(db, request), 'embed'));
    },
  );

  app.post(
    '/api/embed/click',
    {
      schema: {
        tags,
        summary: "Counts a click in the builder's widget, per site and day (no cookie, nothing about the person)",
        body: z.object({ origin: z.string().max(200).nullable() }).strict(),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const project = await projectOf(request.projectKey);
      await consumeRate(db, `embed-count:ip:${request.ip}`, RATE_RULES.embedCountsPerAddress);
      const { origins } = embedSettingsSchema.parse(projectOptionsSchema.parse(project.options ?? {}).embed ?? {});
      const site = countedSite(originOf(request.body.origin), origins, `${request.protocol}://${request.host}`);
      await countEmbed(db, project.id, site, 'clicks');
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/manage/embed',
    {
      schema: {
        tags,
        summary: "The widget's views and clicks of the last 30 days per site (the project's managers)",
        response: {
          200: z.object({ sites: z.array(z.object({ origin: z.string(), views: z.number(), clicks: z.number() })) }),
          ...errors,
        },
      },
    },
    async (request) => {
      const { project } = requireManager(await request.projectScope());
      return { sites: await embedCountsOf(db, project.id) };
    },
  );
};
