import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { DISPLAY_MESSAGE_MAX_BYTES } from '@decor/core';
import { openLive } from './support/display-socket.ts';
import { createTestApp, onProject, testDbKind, TEST_DEMO_PASSWORD } from './support/test-app.ts';
import { addressSequence, browserHeaders, signIn } from './support/identity.ts';

/** A screen's live connection (docs/displays.md, "Live connection"): on a real socket, on loopback. */
const { app } = await createTestApp();
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as AddressInfo).port;
const host = onProject('demo').host!;
afterAll(() => app.close());
const nextAddress = addressSequence('10.40');
const admin = (await signIn(app, 'admin@demo.test', TEST_DEMO_PASSWORD)).cookie;

async function registered() {
  const response = await app.inject({
    method: 'POST',
    url: '/api/displays',
    headers: browserHeaders(),
    remoteAddress: nextAddress(),
  });
  return response.json() as { id: string; secret: string; state: { claimCode: string } };
}

const connect = (origin?: string) => openLive({ port, host, ...(origin ? { origin } : {}) });

describe(`a screen's live connection (${testDbKind})`, () => {
  it('tells a screen what to show at once, and again the moment it is claimed, moved and revoked', async () => {
    const screen = await registered();
    const live = connect();
    await live.opened;
    live.socket.send(JSON.stringify({ v: 1, type: 'hello', key: `${screen.id}.${screen.secret}` }));
    expect(await live.next(1)).toEqual({
      v: 1,
      type: 'state',
      state: { mode: 'register', claimCode: screen.state.claimCode },
    });

    await app.inject({
      method: 'POST',
      url: '/api/displays/claim',
      headers: browserHeaders(admin),
      payload: { code: screen.state.claimCode, name: 'Lobby TV', project: 'demo' },
    });
    expect(await live.next(2)).toMatchObject({
      type: 'state',
      state: {
        mode: 'attract',
        name: 'Lobby TV',
        project: { key: 'demo' },
        pairing: { code: expect.stringMatching(/^\d{8}$/) },
      },
    });

    await app.inject({
      method: 'PATCH',
      url: `/api/admin/displays/${screen.id}`,
      headers: browserHeaders(admin),
      payload: { project: 'harbour' },
    });
    expect(await live.next(3)).toMatchObject({
      type: 'state',
      state: { mode: 'attract', project: { key: 'harbour' } },
    });

    await app.inject({
      method: 'POST',
      url: `/api/admin/displays/${screen.id}/revoke`,
      headers: browserHeaders(admin),
      payload: {},
    });
    expect(await live.next(4)).toEqual({ v: 1, type: 'unknown' });
    live.socket.close();
  });

  it('refuses a wrong key, anything but a display message, an oversized one, and another site', async () => {
    const wrong = connect();
    await wrong.opened;
    wrong.socket.send(JSON.stringify({ v: 1, type: 'hello', key: 'nobody.nothing' }));
    expect(await wrong.closed).toBe(4401);

    for (const message of [
      'not json',
      JSON.stringify({ v: 2, type: 'hello', key: 'x' }),
      JSON.stringify({ v: 1, type: 'room', room: 'kitchen' }),
      JSON.stringify({ v: 1, type: 'hello', key: 'x', extra: 1 }),
    ]) {
      const odd = connect();
      await odd.opened;
      odd.socket.send(message);
      expect(await odd.closed, message).toBe(4400);
    }

    const big = connect();
    await big.opened;
    big.socket.send('x'.repeat(DISPLAY_MESSAGE_MAX_BYTES + 1));
    expect(await big.closed).toBe(1009);

    await expect(connect('https://elsewhere.example').opened).rejects.toThrow('refused with 403');
  });

  it('gives one address two of the diagnostic probes at a time, and the slot back when one closes', async () => {
    const probe = async () => {
      const opened = connect();
      await opened.opened;
      opened.say({ type: 'probe' });
      return opened;
    };
    const [first, second] = [await probe(), await probe()];
    for (const held of [first, second]) expect((await held.next(1))?.type).toBe('pong');
    const third = await probe();
    expect(await third.closed).toBe(4429);
    first.socket.close();
    await first.closed;
    const again = await probe();
    expect((await again.next(1))?.type).toBe('pong');
    for (const held of [second, again]) held.socket.close();
  });
});
