import { requestLanguage } from '../../lib/reader-language.ts';
import { errorReplies } from '../../lib/error-replies.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import fp from 'fastify-plugin';
import { z } from 'zod';
import {
  acceptedLanguages,
  DEFAULT_LANGUAGE,
  LANGUAGES,
  DISPLAY_PROTOCOL_VERSION,
  type PairingEnd,
  displayClaimSchema,
  displayEventSchema,
  displayLookMailSchema,
  displayPairingSchema,
  displayPairSchema,
  displayRegistrationSchema,
  displayRowSchema,
  displayStateSchema,
  showroomSchema,
} from '@decor/core';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { requireAdmin } from '../../plugins/actor.ts';
import { peopleOf, requireManager } from '../projects/index.ts';
import { receiveShowroomLook } from '../leads/index.ts';
import { pairingCodeLimitMail, readerFor, readersOf, showroomLookMail } from '../mail/index.ts';
import { memoryBus, postgresBus } from './displays.bus.ts';
import { displaysLive } from './displays.live.ts';
import {
  displayOfPairing,
  keepLookForMail,
  pairWithDisplay,
  releaseIdle,
  rotateCodesAfterLimit,
  showroomOf,
  type OnLimitTripped,
} from './displays.pairing.ts';
import { DisplayRelay } from './displays.relay.ts';
import { portalOrigin, projectOrigin } from '../../lib/project-origin.ts';
import { consumeRate, RATE_RULES } from '../../plugins/rate-limit.ts';
import {
  changeDisplay,
  claimDisplayWithCode,
  displayDetail,
  displayState,
  displaysList,
  registerDisplay,
  revokeDisplayById,
} from './displays.operations.ts';

/** How often each server releases the pairings whose phones went silent. */
const IDLE_SWEEP_MS = 15_000;

const errors = errorReplies(400, 401, 403, 404, 422, 429);
const tags = ['displays'];
const params = z.object({ id: z.uuid() });

/** Sales-centre screens (docs/displays.md): a screen registers and asks what to show; staff claim it; administrators run them. */
interface AdminOptions {
  db: AppContext['database']['db'];
  relay: DisplayRelay;
  announceEnd: (display: string, reason: PairingEnd) => void;
  refresh: (display: string) => void;
}

/** Running the screens: the platform's list and each screen's page, rename, move, reload, revoke; a project's list for its managers. */
const displaysAdminRoutes: FastifyPluginAsyncZod<AdminOptions> = async (app, { db, relay, announceEnd, refresh }) => {
  app.get(
    '/api/admin/displays',
    {
      schema: {
        tags,
        summary: 'Every screen with its project and state (administrators)',
        response: { 200: z.array(displayRowSchema), ...errors },
      },
    },
    async (request) => {
      requireAdmin(request);
      return displaysList(db);
    },
  );

  app.get(
    '/api/manage/displays',
    {
      schema: {
        tags,
        summary: "This project's screens (its managers and administrators)",
        response: { 200: z.array(displayRowSchema), ...errors },
      },
    },
    async (request) => {
      const { project } = requireManager(await request.projectScope());
      return displaysList(db, project.id);
    },
  );

  app.get(
    '/api/admin/displays/:id',
    {
      schema: {
        tags,
        summary: 'One screen with its newest events: registered, claimed, renamed, moved, revoked (administrators)',
        params,
        response: { 200: z.object({ display: displayRowSchema, events: z.array(displayEventSchema) }), ...errors },
      },
    },
    async (request) => {
      requireAdmin(request);
      return displayDetail(db, request.params.id);
    },
  );

  app.patch(
    '/api/admin/displays/:id',
    {
      schema: {
        tags,
        summary: 'Renames a screen or gives it another project (administrators)',
        params,
        body: z
          .object({ name: z.string().trim().min(1).max(60).optional(), project: z.string().min(1).max(64).optional() })
          .strict(),
        response: { 200: displayRowSchema, ...errors },
      },
    },
    async (request) => {
      const { row: changed, endedPairing } = await changeDisplay(
        db,
        requireAdmin(request),
        request.params.id,
        request.body,
      );
      if (endedPairing) announceEnd(changed._id, 'revoked');
      else refresh(changed._id);
      return changed;
    },
  );

  app.post(
    '/api/admin/displays/:id/revoke',
    {
      schema: {
        tags,
        summary: 'Revokes a screen: it shows a new code to be claimed again (administrators)',
        params,
        response: { 200: displayRowSchema, ...errors },
      },
    },
    async (request) => {
      const revoked = await revokeDisplayById(db, requireAdmin(request), request.params.id);
      announceEnd(revoked._id, 'revoked');
      return revoked;
    },
  );

  app.post(
    '/api/admin/displays/:id/reload',
    {
      schema: {
        tags,
        summary:
          'Tells a connected screen to reload its page (after a new build, or a screen that looks wrong) (administrators)',
        params,
        response: { 200: z.object({ sent: z.boolean() }), ...errors },
      },
    },
    async (request) => {
      requireAdmin(request);
      const { display } = await displayDetail(db, request.params.id);
      relay.send({ to: 'screen', display: display._id, push: { v: DISPLAY_PROTOCOL_VERSION, type: 'reload' } });
      return { sent: true };
    },
  );
};

/** What a screen asks for itself, by its own key (no account): to register, what to show now, and the showroom it draws. */
const screenRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/displays/showroom',
    {
      schema: {
        tags,
        summary:
          'What a screen (`x-display-key`) or its phone (`x-display-pairing`) shows of the project: plans, rooms, categories, options; prices only if the project shows them',
        headers: z
          .object({
            'x-display-key': z.string().max(200).optional(),
            'x-display-pairing': z.string().max(200).optional(),
          })
          .passthrough(),
        response: { 200: showroomSchema, ...errors },
      },
    },
    async (request, reply) => {
      const headers = request.headers as Record<string, string | undefined>;
      return reply
        .header('cache-control', 'no-store')
        .send(
          await showroomOf(
            db,
            { key: headers['x-display-key'], pairing: headers['x-display-pairing'] },
            await requestLanguage(db, request),
          ),
        );
    },
  );

  app.post(
    '/api/displays',
    {
      schema: {
        tags,
        summary:
          'A screen registers itself (no account): its id, the secret only it keeps, and the code it shows until claimed',
        response: { 201: displayRegistrationSchema, ...errors },
      },
    },
    async (request, reply) => {
      await consumeRate(db, `display-register:ip:${request.ip}`, RATE_RULES.displayRegistrationPerAddress);
      return reply.status(201).send(await registerDisplay(db, request.headers['user-agent']));
    },
  );

  app.get(
    '/api/displays/state',
    {
      schema: {
        tags,
        summary:
          'What a screen shows now, asked by the screen with its key (`x-display-key: {id}.{secret}`); 401 tells it to register again',
        headers: z.object({ 'x-display-key': z.string().max(200).optional() }).passthrough(),
        response: { 200: displayStateSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await displayState(db, request.headers['x-display-key'] as string | undefined)),
  );
};

const displaysPlugin: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { database, mailer, config } = context;
  const { db } = database;
  // Several servers on one PostgreSQL reach each other's sockets through NOTIFY; the embedded database is one process.
  const bus =
    database.kind === 'postgres' ? await postgresBus(database, (message) => app.log.warn(message)) : memoryBus();
  const relay = new DisplayRelay(bus);
  app.addHook('onClose', async () => bus.close());
  const refresh = (display: string) => relay.send({ to: 'screen', display, refresh: true });
  /** Tells everyone concerned that a pairing ended: the phone (wherever it is) and its screen (which shows new codes). */
  const announceEnd = (display: string, reason: PairingEnd) => {
    relay.forget(display);
    relay.send({ to: 'phone', display, push: { v: DISPLAY_PROTOCOL_VERSION, type: 'ended', reason } });
    refresh(display);
  };
  /** Releases the pairings whose phones went silent for 3 minutes (whichever server sweeps first: each is released once). */
  const sweepIdle = async () => (await releaseIdle(db)).map((id) => (announceEnd(id, 'idle'), id));
  context.jobs.add({ name: 'idle-pairings', everyMs: IDLE_SWEEP_MS, run: sweepIdle });
  app.decorate('displayPairings', { end: announceEnd, sweepIdle });
  await app.register(displaysLive, { db, relay, announceEnd });

  // Too many wrong codes for a project's screens: every free screen draws new codes, and every administrator is told.
  const onLimitTripped: OnLimitTripped = async (project) => {
    const screens = await rotateCodesAfterLimit(db, project.id);
    screens.forEach(refresh);
    const url = `${portalOrigin(config)}/admin/instances`;
    const admins = (await peopleOf(db, { role: 'admin' })).map((admin) => admin.email);
    // An administrator reads the platform's mails in the language they chose, whichever project they are about.
    const readerOf = await readersOf(db, { languages: LANGUAGES, defaultLanguage: DEFAULT_LANGUAGE }, admins);
    for (const to of admins) {
      mailer
        .send(
          pairingCodeLimitMail({ to, reader: readerOf(to), projectName: project.name, screens: screens.length, url }),
        )
        .catch((error: unknown) => {
          app.log.warn({ err: error }, 'an administrator could not be told of the pairing limit');
        });
    }
  };

  app.post(
    '/api/displays/pair',
    {
      schema: {
        tags,
        summary:
          "A visitor's phone pairs with a free screen of this project: the 8-digit code typed at /controller, or the screen's id and the QR code's secret. Single-use; wrong codes are limited per address and per project",
        body: displayPairSchema,
        response: { 201: displayPairingSchema, ...errors },
      },
    },
    async (request, reply) => {
      const pairing = await pairWithDisplay(db, {
        projectKey: request.projectKey,
        address: request.ip,
        input: request.body,
        onLimitTripped,
      });
      refresh(pairing.display.id);
      return reply.status(201).header('cache-control', 'no-store').send(pairing);
    },
  );

  await app.register(lookMailRoutes, context);

  await app.register(screenRoutes, { db });

  app.post(
    '/api/displays/claim',
    {
      schema: {
        tags,
        summary:
          "Claims the screen that shows a code, for a project under a name (an administrator or the project's manager)",
        body: displayClaimSchema,
        response: { 200: displayRowSchema, ...errors },
      },
    },
    async (request) => {
      await consumeRate(db, `display-claim:ip:${request.ip}`, RATE_RULES.displayClaimPerAddress);
      const claimed = await claimDisplayWithCode(db, request.actor ?? null, request.body);
      refresh(claimed._id);
      return claimed;
    },
  );

  await app.register(displaysAdminRoutes, { db, relay, announceEnd, refresh });
};

/** The module, with `displayPairings` visible to the whole app (its tests end and sweep pairings). */
/** Its routes, and what it decorates the app with (`displayPairings`), seen by the whole app. */
export const displaysRoutes = fp(displaysPlugin, { name: 'displays-routes' });

declare module 'fastify' {
  interface FastifyInstance {
    displayPairings: { end: (display: string, reason: PairingEnd) => void; sweepIdle: () => Promise<string[]> };
  }
}

/** A visitor driving a screen takes their look home by e-mail (docs/displays.md, "The look goes home"). */
const lookMailRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { database, mailer, config, hooks }) => {
  const { db } = database;
  app.post(
    '/api/displays/look-mail',
    {
      schema: {
        tags,
        summary:
          'A visitor driving a screen asks to receive the look they built by e-mail (while paired; kept for the sales team)',
        body: displayLookMailSchema,
        response: { 201: z.object({ sent: z.literal(true), lines: z.array(z.string()) }), ...errors },
      },
    },
    async (request, reply) => {
      await consumeRate(db, `display-look-mail:ip:${request.ip}`, RATE_RULES.displayLookMailPerAddress);
      // Limited per screen by its id as stored, never as the caller spelled it (docs/security.md, "Rate limits").
      const display = await displayOfPairing(db, request.body.pairing);
      await consumeRate(db, `display-look-mail:display:${display.id}`, RATE_RULES.displayLookMailPerAddress);
      // The visitor's phone asked in its language: the mail answers in it (docs/languages.md).
      const asked = acceptedLanguages(request.headers['accept-language']);
      const kept = await keepLookForMail(db, request.body, (project) =>
        readerFor(db, project.options ?? {}, request.body.email, asked),
      );
      await mailer.send({
        ...showroomLookMail({
          to: request.body.email,
          reader: kept.reader,
          projectName: kept.project.name,
          lines: kept.lines,
          // The design centre's inquiry form: the mail offers the visitor to make the look theirs with it.
          url: `${projectOrigin(config, kept.project.key)}/inquire`,
        }),
      });
      // The visitor who took a look home is a lead of the project, from the screen (docs/public-pages.md).
      await receiveShowroomLook({
        db,
        hooks,
        mailer,
        project: kept.project,
        origin: projectOrigin(config, kept.project.key),
        address: request.ip,
        email: request.body.email,
        lines: kept.lines,
        onTaskError: (error) => request.log.error({ err: error }, 'a lead’s mail was not sent'),
      });
      return reply.status(201).send({ sent: true, lines: kept.lines });
    },
  );
};
