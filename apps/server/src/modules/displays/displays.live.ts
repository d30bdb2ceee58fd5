import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import {
  DISPLAY_MESSAGE_MAX_BYTES,
  DISPLAY_PROTOCOL_VERSION,
  DomainError,
  displayMessageSchema,
  type DisplayMessage,
  type DisplayPush,
  type PairingEnd,
} from '@decor/core';
import type { Db } from '../../db/client.ts';
import { displayIdOfKey, displayState } from './displays.operations.ts';
import { displayOfPairing, endPairing } from './displays.pairing.ts';
import { CLOSE_PAIRING_ENDED, sendTo, type DisplayRelay, type Peer } from './displays.relay.ts';
import { recordDisplayEvent, saveHealth, touchVisitor } from './displays.repo.ts';

/** How often each side must hear from the other; a socket silent for two beats is closed. */
const HEARTBEAT_MS = 25_000;
/** A screen's or phone's first words (its hello or join) must come within this. */
const HELLO_MS = 10_000;
/** A phone's pairing is marked as heard at most this often (a look every 50 ms writes nothing). */
const TOUCH_EVERY_MS = 20_000;
/** A screen's health is kept at most this often. */
const HEALTH_EVERY_MS = 10_000;
/** The server is stopping: reconnect (to another server behind the balancer). */
export const CLOSE_RESTARTING = 1012;

/** Realtime diagnostics (`/test/gamelift`) connected to one process at once. */
const MAX_PROBES = 20;
/** …and at most this many from one address, so that one visitor never holds a server's every slot. */
const MAX_PROBES_PER_ADDRESS = 2;

const v = DISPLAY_PROTOCOL_VERSION;
const push = (socket: WebSocket, message: DisplayPush) => socket.send(JSON.stringify(message));

/** Reads what a screen shows now with its own key and sends it; a screen no longer known is told to register again. */
async function sendState(db: Db, peer: Peer, key: string): Promise<'register' | 'attract' | 'paired' | 'unknown'> {
  try {
    const state = await displayState(db, key);
    sendTo(peer, { v, type: 'state', state });
    return state.mode;
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== 'unauthenticated') throw error;
    sendTo(peer, { v, type: 'unknown' });
    return 'unknown';
  }
}

/**
 * A socket's error is the client's doing (a frame over the limit, a broken frame, a dropped
 * connection): the socket ends, and the log says so in one line, not as a server error.
 */
function endOnClientError(error: Error, socket: { terminate(): void }, request: FastifyRequest) {
  request.log.info(
    { reason: error.message, code: (error as Error & { code?: string }).code },
    'a live connection ended on the client’s error',
  );
  socket.terminate();
}

/** At most `most` held at a time from one address: `take` gives a slot (and the function that gives it back), or null. */
function slotsPerAddress(most: number) {
  const held = new Map<string, number>();
  return {
    take(address: string): (() => void) | null {
      const count = held.get(address) ?? 0;
      if (count >= most) return null;
      held.set(address, count + 1);
      return () => {
        const left = (held.get(address) ?? 1) - 1;
        if (left > 0) held.set(address, left);
        else held.delete(address);
      };
    },
  };
}

/** The one realtime endpoint of the screens and their phones: `GET /api/displays/live`, same origin only (docs/displays.md). */
export const displaysLive: FastifyPluginAsync<{
  db: Db;
  relay: DisplayRelay;
  announceEnd: (display: string, reason: PairingEnd) => void;
}> = async (app, { db, relay, announceEnd }) => {
  const probeSlots = slotsPerAddress(MAX_PROBES_PER_ADDRESS);
  let stopping = false;
  // A server that is stopping tells every socket to reconnect (1012): the balancer sends it to another server.
  await app.register(websocket, {
    options: { maxPayload: DISPLAY_MESSAGE_MAX_BYTES },
    errorHandler: endOnClientError,
    preClose(this: FastifyInstance, done) {
      stopping = true;
      relay.close();
      for (const client of this.websocketServer.clients) client.close(CLOSE_RESTARTING, 'server restarting');
      this.websocketServer.close();
      done();
    },
  });

  app.get(
    '/api/displays/live',
    {
      websocket: true,
      schema: { hide: true },
      // A page of another site may not open a connection (the browser sends its Origin on upgrade).
      preValidation: async (request, reply) => {
        const origin = request.headers.origin;
        if (origin && origin !== `${request.protocol}://${request.host}`) {
          await reply
            .code(403)
            .send({ error: { code: 'forbidden', message: 'A screen connects from its own address only.' } });
        }
      },
    },
    (socket, request) => {
      let role:
        | { kind: 'screen'; id: string; key: string }
        | { kind: 'phone'; id: string; visitorHash: string }
        | { kind: 'probe'; id: string }
        | null = null;
      let detach = () => {};
      let isAlive = true;
      let lastTouch = Date.now();
      let lastHealth = 0;
      const peer: Peer = { socket };
      const hello = setTimeout(() => socket.close(4408, 'hello expected'), HELLO_MS);
      const beat = setInterval(() => {
        if (!isAlive) return socket.terminate();
        isAlive = false;
        socket.ping();
      }, HEARTBEAT_MS);
      socket.on('pong', () => (isAlive = true));

      const refuse = (code: number, reason: string) => socket.close(code, reason);
      const begin = async (message: DisplayMessage) => {
        if (message.type === 'hello') {
          const id = await displayIdOfKey(db, message.key);
          role = { kind: 'screen', id, key: message.key };
          peer.refresh = async () => {
            await sendState(db, peer, message.key).catch(() => socket.close(1011, 'state unavailable'));
          };
          detach = relay.attach('screen', id, peer);
          // A screen that comes back while a phone holds it asks the phone for its look again.
          if ((await sendState(db, peer, message.key)) === 'paired')
            relay.send({ to: 'phone', display: id, push: { v, type: 'sync' } });
        } else if (message.type === 'join') {
          const display = await displayOfPairing(db, message.pairing);
          role = { kind: 'phone', id: display.id, visitorHash: display.visitorHash };
          detach = relay.attach('phone', display.id, peer);
          await touchVisitor(db, display.id, display.visitorHash);
          sendTo(peer, { v, type: 'joined', display: { id: display.id, name: display.name } });
        } else if (message.type === 'probe') {
          // The realtime diagnostic: pings only, a few per process.
          const slot = relay.counts().probes < MAX_PROBES ? probeSlots.take(request.ip) : null;
          if (!slot) return refuse(4429, 'too many probes');
          role = { kind: 'probe', id: randomUUID() };
          const detachProbe = relay.attach('probe', role.id, peer);
          detach = () => {
            detachProbe();
            slot();
          };
          sendTo(peer, { v, type: 'pong', t: 0, server: relay.bus.serverId });
        } else refuse(4400, 'hello expected');
      };
      const handle = async (message: DisplayMessage) => {
        if (message.type === 'ping' && message.bus && role?.kind === 'probe') {
          return relay.bus.echo({
            to: 'probe',
            display: role.id,
            push: { v, type: 'pong', t: message.t, server: relay.bus.serverId, bus: true },
          });
        }
        if (message.type === 'ping') return sendTo(peer, { v, type: 'pong', t: message.t, server: relay.bus.serverId });
        if (!role || message.type === 'hello' || message.type === 'join' || message.type === 'probe')
          return refuse(4400, 'one hello per connection');
        if (role.kind === 'probe') return refuse(4400, 'a probe only pings');
        if (role.kind === 'screen') {
          if (message.type !== 'health') return refuse(4400, 'not a screen message');
          if (Date.now() - lastHealth < HEALTH_EVERY_MS) return;
          lastHealth = Date.now();
          return saveHealth(db, role.id, message.health);
        }
        // A phone may send its look, reset or end: nothing else, and nothing is written but the time it was heard.
        if (message.type === 'health') return refuse(4400, 'not a phone message');
        if (message.type === 'end') {
          if (await endPairing(db, role.id, role.visitorHash, 'ended')) announceEnd(role.id, 'ended');
          return;
        }
        relay.look(role.id, {
          v,
          type: 'look',
          look: message.type === 'look' ? message.look : null,
          sentAt: Date.now(),
        });
        if (Date.now() - lastTouch > TOUCH_EVERY_MS) {
          lastTouch = Date.now();
          if (!(await touchVisitor(db, role.id, role.visitorHash))) {
            sendTo(peer, { v, type: 'ended', reason: 'unknown' });
            refuse(CLOSE_PAIRING_ENDED, 'pairing ended');
          }
        }
      };

      let queue = Promise.resolve();
      socket.on('message', (raw, isBinary) => {
        isAlive = true;
        let message: DisplayMessage;
        try {
          message = displayMessageSchema.parse(JSON.parse(isBinary ? '' : raw.toString()));
        } catch {
          return refuse(4400, 'not a display message');
        }
        const first = !role && (message.type === 'hello' || message.type === 'join' || message.type === 'probe');
        if (first) clearTimeout(hello);
        // One message at a time per socket, in order: a look never overtakes the join before it.
        queue = queue
          .then(() => (first ? begin(message) : handle(message)))
          .catch((error: unknown) => {
            if (!(error instanceof DomainError)) request.log.warn({ err: error }, 'a display message failed');
            if (role) return;
            if (message.type === 'join') push(socket, { v, type: 'ended', reason: 'unknown' });
            else push(socket, { v, type: 'unknown' });
            refuse(4401, message.type === 'join' ? 'pairing ended' : 'unknown screen');
          });
      });
      socket.on('close', (code) => {
        clearTimeout(hello);
        clearInterval(beat);
        detach();
        if (role && role.kind !== 'probe' && !stopping && code !== CLOSE_PAIRING_ENDED) {
          const detail = { who: role.kind };
          void recordDisplayEvent(db, { displayId: role.id, kind: 'disconnected', detail }).catch((error: unknown) =>
            request.log.warn({ err: error }, 'a screen’s disconnection could not be recorded'),
          );
        }
      });
    },
  );
};
