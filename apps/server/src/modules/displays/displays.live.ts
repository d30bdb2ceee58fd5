import websocket from '@fastify/websocket';
import type { FastifyPluginAsync } from 'fastify';
import type { WebSocket } from 'ws';
import { DISPLAY_MESSAGE_MAX_BYTES, DISPLAY_PROTOCOL_VERSION, DomainError, displayMessageSchema, type DisplayPush } from '@decor/core';
import type { Db } from '../../db/client.ts';
import { displayIdOfKey, displayState } from './displays.operations.ts';

/** How often each side must hear from the other; a socket silent for two beats is closed. */
const HEARTBEAT_MS = 25_000;
/** A screen's first words (its hello) must come within this. */
const HELLO_MS = 10_000;

/** The screens connected to this process, by display id (docs/displays.md, "Live connection"). */
const connected = new Map<string, Set<{ socket: WebSocket; key: string }>>();

/**
 * Tells every screen of `displayId` connected to this process what to show now (after a claim,
 * a rename, a move, a revocation). Screens connected to another process hear it at their next
 * question (every 30 s while connected): the cross-server bus is the rest of issue 30.
 */
export async function pushDisplayState(db: Db, displayId: string): Promise<void> {
  for (const peer of connected.get(displayId) ?? []) {
    // A push that fails never undoes the change that caused it: the screen reconnects and asks again.
    await sendState(db, peer.socket, peer.key).catch(() => peer.socket.close(1011, 'state unavailable'));
  }
}

async function sendState(db: Db, socket: WebSocket, key: string): Promise<boolean> {
  let push: DisplayPush;
  try {
    push = { v: DISPLAY_PROTOCOL_VERSION, type: 'state', state: await displayState(db, key) };
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== 'unauthenticated') throw error;
    push = { v: DISPLAY_PROTOCOL_VERSION, type: 'unknown' };
  }
  // A slow screen is not buffered for: what it has not taken yet is replaced by the newer state.
  if (socket.bufferedAmount > DISPLAY_MESSAGE_MAX_BYTES * 4) return push.type === 'state';
  socket.send(JSON.stringify(push));
  return push.type === 'state';
}

/** The screens' live connection: `GET /api/displays/live` upgraded to a WebSocket, same origin only. */
export const displaysLive: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  await app.register(websocket, { options: { maxPayload: DISPLAY_MESSAGE_MAX_BYTES } });
  app.get(
    '/api/displays/live',
    {
      websocket: true,
      schema: { hide: true },
      // A page of another site may not open a screen's connection (the browser sends its Origin on upgrade).
      preValidation: async (request, reply) => {
        const origin = request.headers.origin;
        if (origin && origin !== `${request.protocol}://${request.host}`) {
          await reply.code(403).send({ error: { code: 'forbidden', message: 'A screen connects from its own address only.' } });
        }
      },
    },
    (socket, request) => {
      let peer: { socket: WebSocket; key: string } | null = null;
      let isAlive = true;
      const hello = setTimeout(() => socket.close(4408, 'hello expected'), HELLO_MS);
      const beat = setInterval(() => {
        if (!isAlive) return socket.terminate();
        isAlive = false;
        socket.ping();
      }, HEARTBEAT_MS);
      socket.on('pong', () => (isAlive = true));
      socket.on('message', (raw, isBinary) => {
        isAlive = true;
        let message;
        try {
          message = displayMessageSchema.parse(JSON.parse(isBinary ? '' : raw.toString()));
        } catch {
          return socket.close(4400, 'not a display message');
        }
        if (peer) return; // one hello per connection
        clearTimeout(hello);
        const key = message.key;
        void displayIdOfKey(db, key)
          .then(async (id) => {
            peer = { socket, key };
            connected.set(id, (connected.get(id) ?? new Set()).add(peer));
            socket.once('close', () => {
              const peers = connected.get(id);
              peers?.delete(peer!);
              if (peers?.size === 0) connected.delete(id);
            });
            await sendState(db, socket, key);
          })
          .catch((error: unknown) => {
            if (!(error instanceof DomainError)) request.log.warn({ err: error }, 'a screen could not be connected');
            socket.send(JSON.stringify({ v: DISPLAY_PROTOCOL_VERSION, type: 'unknown' } satisfies DisplayPush));
            socket.close(4401, 'unknown screen');
          });
      });
      socket.on('close', () => {
        clearTimeout(hello);
        clearInterval(beat);
      });
    },
  );
};
