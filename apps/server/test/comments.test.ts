import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, TEST_DEMO_PASSWORD, TEST_PORTAL_HOST } from './support/test-app.ts';
import { browserHeaders, signIn } from './support/identity.ts';
import { multipart } from './support/multipart.ts';
import { pdfText } from './support/pdf-text.ts';
import { completeSelections, type Item } from './support/carts.ts';
import { createMailer } from '../src/modules/mail/mailer.ts';
import { sendCommentDigests } from '../src/modules/comments/index.ts';

/**
 * Talking on a selection (docs/comments.md): the unit's buyers (owner and co-buyer) and the
 * project's staff write and read its conversation; nobody else reads a word of it; the staff's
 * notes reach no buyer by any route.
 */

const { app, db, mail, config } = await createTestApp({ withMail: true });

type Who = 'marcus' | 'priya' | 'olivia' | 'manager' | 'harbourManager';
const emails: Record<Who, string> = {
  marcus: 'marcus.reid@demo.test',
  priya: 'priya.reid@demo.test',
  olivia: 'olivia.chen@demo.test',
  manager: 'manager@demo.test',
  harbourManager: 'manager@harbour.test',
};
const cookies = Object.fromEntries(
  await Promise.all(
    Object.entries(emails).map(async ([who, email]) => [who, (await signIn(app, email, TEST_DEMO_PASSWORD)).cookie]),
  ),
) as Record<Who, string>;
const ids = Object.fromEntries(
  await Promise.all(
    Object.keys(emails).map(async (who) => [
      who,
      ((await call(who as Who, 'GET', '/api/me')).json() as { _id: string })._id,
    ]),
  ),
) as Record<Who, string>;

type Method = 'GET' | 'POST' | 'PATCH';
function call(who: Who | null, method: Method, url: string, payload?: object) {
  return app.inject({
    method,
    url,
    headers: browserHeaders(who ? cookies[who] : undefined, `demo.${TEST_PORTAL_HOST}`),
    ...(payload ? { payload } : {}),
  });
}

const carts = (await call('manager', 'GET', '/api/schema/carts/?limit=100')).json() as Item[];
const units = (await call('manager', 'GET', '/api/schema/units/?limit=200')).json() as Item[];
const unit304 = units.find((unit) => unit.name === '304')!;
const cart304 = carts.find((cart) => cart.unit === unit304._id)!;
const rooms = (await call('manager', 'GET', '/api/schema/rooms/?limit=100')).json() as Item[];
const categories = (await call('manager', 'GET', '/api/schema/categories/?limit=100')).json() as Item[];
const line = { room: rooms[0]!._id, category: categories[0]!._id };

async function upload(who: Who, bytes: Buffer, type: string, filename: string) {
  const body = multipart([
    { name: 'file', filename, type, bytes },
    { name: 'configs', value: JSON.stringify({ purpose: 'comment' }) },
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/files',
    headers: { ...browserHeaders(cookies[who], `demo.${TEST_PORTAL_HOST}`), 'content-type': body.contentType },
    payload: body.payload,
  });
}
const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
  .png()
  .toBuffer();
const thread = async (who: Who) =>
  (await call(who, 'GET', `/api/carts/${cart304._id}/comments`)).json() as {
    comments: Array<{ body: string }>;
    unread: number;
  };

describe(`a selection's conversation (${testDbKind})`, () => {
  it('is written and read by the unit’s buyers and the design centre, with unread counts, mentions and a line', async () => {
    const written = await call('marcus', 'POST', `/api/carts/${cart304._id}/comments`, {
      body: 'Could the kitchen pulls be matte black instead?',
      line,
      mentions: [ids.priya, ids.manager],
    });
    expect(written.statusCode, written.body).toBe(201);
    expect(written.json()).toMatchObject({
      body: 'Could the kitchen pulls be matte black instead?',
      line,
      staff: false,
      mine: true,
      authorName: 'Marcus Reid',
    });
    expect(written.json().mentions.map((m: { name: string }) => m.name)).toEqual([
      'Priya Reid',
      'Morgan Design-Centre',
    ]);

    // The co-buyer and the design centre read it, unread; the author has read his own.
    expect(await thread('priya')).toMatchObject({
      unread: 1,
      comments: [{ body: 'Could the kitchen pulls be matte black instead?' }],
    });
    expect((await thread('manager')).unread).toBe(1);
    expect((await thread('marcus')).unread).toBe(0);
    const unread = (await call('manager', 'GET', '/api/comments/unread')).json();
    expect(unread.carts).toContainEqual(expect.objectContaining({ cart: cart304._id, unitName: '304', unread: 1 }));

    // The design centre answers; reading clears the count, and the buyers see who has read.
    const answer = await call('manager', 'POST', `/api/carts/${cart304._id}/comments`, {
      body: 'Yes: Matte Black Pulls, same price.',
    });
    expect(answer.json()).toMatchObject({ staff: true, authorName: 'Morgan Design-Centre' });
    expect((await call('priya', 'POST', `/api/carts/${cart304._id}/comments/read`)).statusCode).toBe(204);
    expect((await thread('priya')).unread).toBe(0);
    expect((await thread('marcus')).unread).toBe(1);
    const readers = (await call('marcus', 'GET', `/api/carts/${cart304._id}/comments`)).json().readers as Array<{
      name: string;
    }>;
    expect(readers.map((r) => r.name).sort()).toEqual(['Morgan Design-Centre', 'Priya Reid']);
    const people = (await call('marcus', 'GET', `/api/carts/${cart304._id}/comments`)).json().people as Array<{
      name: string;
      staff: boolean;
    }>;
    expect(people).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Priya Reid', staff: false }),
        expect.objectContaining({ name: 'Morgan Design-Centre', staff: true }),
      ]),
    );
    expect(people.some((p) => p.name === 'Olivia Chen')).toBe(false);
    // The conversation is part of the selection's history, newest first.
    const history = (await call('manager', 'GET', `/api/manage/carts/${cart304._id}/history`)).json() as {
      items: Array<{ who: { name: string } | null; changes: Array<{ kind: string; body?: string }> }>;
    };
    expect(history.items.slice(0, 2).map((entry) => [entry.who?.name, entry.changes])).toEqual([
      ['Morgan Design-Centre', [{ kind: 'comment', body: 'Yes: Matte Black Pulls, same price.' }]],
      ['Marcus Reid', [{ kind: 'comment', body: 'Could the kitchen pulls be matte black instead?' }]],
    ]);
  });

  it('is closed to everyone else: another buyer, another project’s manager, a visitor', async () => {
    const before = (await thread('manager')).comments.length;
    for (const method of ['GET', 'POST'] as const) {
      const payload = method === 'POST' ? { body: 'Let me in' } : undefined;
      expect((await call('olivia', method, `/api/carts/${cart304._id}/comments`, payload)).statusCode).toBe(404);
      expect((await call('harbourManager', method, `/api/carts/${cart304._id}/comments`, payload)).statusCode).toBe(
        403,
      );
      expect((await call(null, method, `/api/carts/${cart304._id}/comments`, payload)).statusCode).toBe(401);
    }
    expect((await call('olivia', 'POST', `/api/carts/${cart304._id}/comments/read`)).statusCode).toBe(404);
    expect((await call('olivia', 'GET', '/api/comments/unread')).json().carts).toEqual([]);
    expect((await call('olivia', 'GET', '/api/schema/comments/?limit=100')).json()).toEqual([]);
    // Nor through the collection API, which writes comments for nobody.
    const direct = await call('manager', 'POST', '/api/schema/comments/', {
      cart: cart304._id,
      body: 'Around the route',
    });
    expect(direct.statusCode).toBe(403);
    expect((await thread('manager')).comments.length).toBe(before);
  });

  it('refuses bad comments in words and writes nothing', async () => {
    const before = (await thread('manager')).comments.length;
    const refusals: Array<[object, string]> = [
      [{ body: '   ' }, 'request.invalid'],
      [{ body: 'x'.repeat(4001) }, 'request.invalid'],
      [{ body: 'Hello', mentions: [ids.olivia] }, 'comment.mention-outside'],
      [{ body: 'Hello', line: { room: line.category, category: line.room } }, 'engine.missing-references'],
      [{ body: 'Hello', extra: true }, 'request.invalid'],
    ];
    for (const [payload, key] of refusals) {
      const refused = await call('marcus', 'POST', `/api/carts/${cart304._id}/comments`, payload);
      expect([refused.statusCode, refused.json().error.key], JSON.stringify(payload)).toEqual([
        key.startsWith('engine.') ? 422 : 400,
        key,
      ]);
    }
    expect((await thread('manager')).comments.length).toBe(before);
  });

  it('attaches only the writer’s own files, which only the conversation’s readers download', async () => {
    const mine = await upload('marcus', png, 'image/png', 'pulls.png');
    expect(mine.statusCode, mine.body).toBe(201);
    const fileId = mine.json()._id as string;
    const theirs = await upload('olivia', png, 'image/png', 'olivia.png');
    expect(theirs.statusCode).toBe(201);
    // A buyer uploads images and PDFs for comments only: a 3D model is refused.
    const glb = Buffer.concat([Buffer.from('glTF'), Buffer.alloc(16)]);
    expect((await upload('olivia', glb, 'model/gltf-binary', 'model.glb')).statusCode).toBeGreaterThanOrEqual(400);

    const download = (who: Who | null) => call(who, 'GET', `/api/files/${fileId}`);
    expect((await download('priya')).statusCode).toBe(404);
    const refused = await call('marcus', 'POST', `/api/carts/${cart304._id}/comments`, {
      body: 'Photo',
      attachments: [theirs.json()._id],
    });
    expect(refused.json().error.key).toBe('comment.attachment-elsewhere');
    const attached = await call('marcus', 'POST', `/api/carts/${cart304._id}/comments`, {
      body: 'Photo of the pulls I mean',
      attachments: [fileId],
    });
    expect(attached.json().attachments).toEqual([
      expect.objectContaining({ id: fileId, name: 'pulls.png', type: 'image/png' }),
    ]);
    expect((await download('marcus')).statusCode).toBe(200);
    expect((await download('priya')).statusCode).toBe(200);
    expect((await download('manager')).statusCode).toBe(200);
    expect((await download('olivia')).statusCode).toBe(404);
    expect((await download('harbourManager')).statusCode).toBe(403);
    expect((await download(null)).statusCode).toBe(401);
  });
});

describe(`the design centre's notes (${testDbKind})`, () => {
  const marker = `Buyer seems hesitant about the budget ${Date.now()}`;

  it('are written and read by the staff only', async () => {
    const note = await call('manager', 'POST', `/api/manage/units/${unit304._id}/notes`, {
      body: marker,
      cart: cart304._id,
    });
    expect(note.statusCode, note.body).toBe(201);
    const notes = (await call('manager', 'GET', `/api/manage/units/${unit304._id}/notes`)).json() as Array<{
      body: string;
      authorName: string;
    }>;
    expect(notes[0]).toMatchObject({ body: marker, authorName: 'Morgan Design-Centre' });
    for (const who of ['marcus', 'priya'] as const) {
      expect((await call(who, 'GET', `/api/manage/units/${unit304._id}/notes`)).statusCode).toBe(403);
      expect((await call(who, 'POST', `/api/manage/units/${unit304._id}/notes`, { body: 'Mine' })).statusCode).toBe(
        403,
      );
    }
    expect((await call('harbourManager', 'GET', `/api/manage/units/${unit304._id}/notes`)).statusCode).toBe(403);
    expect((await call(null, 'GET', `/api/manage/units/${unit304._id}/notes`)).statusCode).toBe(401);
    // A cart of another unit is refused; nothing is written.
    const other = carts.find((cart) => cart.unit !== unit304._id)!;
    expect(
      (
        await call('manager', 'POST', `/api/manage/units/${unit304._id}/notes`, { body: 'Elsewhere', cart: other._id })
      ).json().error.key,
    ).toBe('comment.cart-elsewhere');
    expect(((await call('manager', 'GET', `/api/manage/units/${unit304._id}/notes`)).json() as unknown[]).length).toBe(
      1,
    );
  });

  it('reach no buyer, co-buyer, other project’s manager or visitor by any route (every GET of the API document)', async () => {
    const noteId = (
      (await call('manager', 'GET', `/api/manage/units/${unit304._id}/notes`)).json() as Array<{ _id: string }>
    )[0]!._id;
    const document = (
      await app.inject({ method: 'GET', url: '/api/openapi.json', headers: { host: TEST_PORTAL_HOST } })
    ).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const paths = Object.entries(document.paths)
      .filter(([path, methods]) => 'get' in methods && !path.endsWith('/stream'))
      .map(([path]) => path);
    expect(paths.length).toBeGreaterThan(40);
    // Each id a route may take is tried: the note's own, its unit's and its cart's.
    const urls = paths.flatMap((path) => {
      if (!path.includes('{')) return [path];
      return [noteId, unit304._id, cart304._id].map((id) =>
        path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'collection' ? 'notes' : name === 'id' ? id : 'x')),
      );
    });
    urls.push(
      '/api/schema/notes/?limit=200',
      `/api/schema/notes/${noteId}`,
      '/api/schema/units/?limit=200',
      `/api/carts/${cart304._id}/pdf`,
    );
    const leaks: string[] = [];
    for (const url of urls) {
      for (const who of ['marcus', 'priya', 'harbourManager', null] as const) {
        const answer = await call(who, 'GET', url);
        const text = String(answer.headers['content-type']).startsWith('application/pdf')
          ? await pdfText(answer.rawPayload)
          : answer.body;
        if (text.includes(marker) || text.includes(noteId))
          leaks.push(`${who ?? 'visitor'} GET ${url}: ${answer.statusCode}`);
      }
    }
    expect(leaks).toEqual([]);
    // The staff do read it where they look for it.
    expect((await call('manager', 'GET', `/api/schema/notes/${noteId}`)).json().body).toBe(marker);
  });
});

describe(`digests of unread messages (${testDbKind})`, () => {
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db, log: app.log });
  const cart203 = carts.find((cart) => cart.unit === units.find((unit) => unit.name === '203')!._id)!;
  const digestsTo = (email: string) =>
    mail!.messages.filter((m) => JSON.stringify(m.to).includes(email) && /new message|nouveau/.test(m.subject ?? ''))
      .length;
  // Time passes for what the job reads: messages, reads and digests are all moved back together.
  const pass = async (minutes: number) => {
    const by = `${minutes} minutes`;
    await db.execute(sql`UPDATE items SET created_at = created_at - ${by}::interval WHERE collection = 'comments'`);
    await db.execute(sql`UPDATE comment_reads SET read_at = read_at - ${by}::interval`);
    await db.execute(sql`UPDATE comment_digests SET sent_at = sent_at - ${by}::interval`);
  };
  const run = () => sendCommentDigests({ db, mailer, config });

  it('mails each reader what they have not read, at most once an hour, in their language, and never one who turned them off', async () => {
    // Olivia asks; the design centre has not read it.
    expect(
      (
        await call('olivia', 'POST', `/api/carts/${cart203._id}/comments`, {
          body: 'Is the den paint still Cloud White?',
        })
      ).statusCode,
    ).toBe(201);
    expect((await call('manager', 'PATCH', '/api/me', { language: 'fr-CA' })).statusCode).toBe(200);
    mail!.messages.length = 0;
    // Not yet: a new message may be read on screen first.
    await run();
    expect(digestsTo('manager@demo.test')).toBe(0);
    await pass(11);
    expect(await run()).toBeGreaterThanOrEqual(1);
    const digest = await mail!.waitFor('manager@demo.test', /nouveau/);
    expect(digest.text).toMatch(/Unité 203, Olivia Chen\s:\s«\sIs the den paint still Cloud White\?\s»/);
    expect(digest.text).toContain('/manage');
    expect(digest.text).toContain('/account');
    expect(digestsTo('olivia.chen@demo.test')).toBe(0);

    // Within the hour: nothing more, even with a new message; after it, one digest of what is new.
    expect(
      (await call('olivia', 'POST', `/api/carts/${cart203._id}/comments`, { body: 'And the trim?' })).statusCode,
    ).toBe(201);
    await pass(15);
    await run();
    expect(digestsTo('manager@demo.test')).toBe(1);
    await pass(50);
    await run();
    await expect.poll(() => digestsTo('manager@demo.test')).toBe(2);
    const second = mail!.messages.filter((m) => JSON.stringify(m.to).includes('manager@demo.test')).at(-1)!;
    expect(second.text).toContain('And the trim?');
    expect(second.text).not.toContain('Cloud White');

    // A reader who turned digests off gets none; the setting is theirs on /api/me.
    expect((await call('olivia', 'PATCH', '/api/me', { commentMails: false })).json().commentMails).toBe(false);
    expect(
      (
        await call('manager', 'POST', `/api/carts/${cart203._id}/comments`, {
          body: 'Yes, and the trim is Chantilly Lace.',
        })
      ).statusCode,
    ).toBe(201);
    await pass(120);
    await run();
    expect(digestsTo('olivia.chen@demo.test')).toBe(0);
    expect((await call('manager', 'PATCH', '/api/me', { language: null })).statusCode).toBe(200);
  });

  it('sends one digest when three servers run the job at the same moment', async () => {
    await pass(120);
    expect(
      (
        await call('marcus', 'POST', `/api/carts/${cart304._id}/comments`, {
          body: 'One more question about the ensuite tile.',
        })
      ).statusCode,
    ).toBe(201);
    await pass(11);
    mail!.messages.length = 0;
    const runs = await Promise.all([run(), run(), run()]);
    await mail!.waitFor('priya.reid@demo.test', /new message/);
    // Each reader (Priya, the design centre) is mailed once, whichever run claimed them.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(digestsTo('priya.reid@demo.test')).toBe(1);
    expect(runs.reduce((sum, sent) => sum + sent, 0)).toBe(
      mail!.messages.filter((m) => /new message|nouveau/.test(m.subject ?? '')).length,
    );
  });
});

describe(`co-buyers (${testDbKind})`, () => {
  it('are invited to the unit by the buyer whose selection it is, mailed at once, within a few', async () => {
    const invite = (who: Who, email: string, cartId = cart304._id) =>
      call(who, 'POST', `/api/carts/${cartId}/co-buyers`, { email });
    const invited = await invite('marcus', 'jamie.reid@example.test');
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json()).toMatchObject({
      email: 'jamie.reid@example.test',
      unit: unit304._id,
      unitName: '304',
      role: 'purchaser',
      maxUses: 1,
    });
    const mailed = await mail!.waitFor(
      'jamie.reid@example.test',
      /^Marcus Reid invites you to choose the finishes of your home/,
    );
    expect(mailed.text).toContain('304');
    // The co-buyer, another buyer and the staff cannot: it is the owner's to do (the staff invite from the back office).
    expect((await invite('priya', 'someone@example.test')).json().error.key).toBe('code.owner-only');
    expect((await invite('olivia', 'someone@example.test')).statusCode).toBe(404);
    expect((await invite('manager', 'someone@example.test')).json().error.key).toBe('code.owner-only');
    expect(
      (await call(null, 'POST', `/api/carts/${cart304._id}/co-buyers`, { email: 'someone@example.test' })).statusCode,
    ).toBe(401);
    // Someone already a buyer, a bad address, and more than three waiting are refused in words.
    expect((await invite('marcus', 'priya.reid@demo.test')).json().error.key).toBe('code.already-buyer');
    expect((await invite('marcus', 'not an address')).statusCode).toBe(400);
    expect((await invite('marcus', 'second@example.test')).statusCode).toBe(201);
    expect((await invite('marcus', 'third@example.test')).statusCode).toBe(201);
    const fourth = await invite('marcus', 'fourth@example.test');
    expect([fourth.statusCode, fourth.json().error.key, fourth.json().error.message]).toEqual([
      409,
      'code.too-many-waiting',
      'You have 3 invitations waiting for an answer: wait for one, or withdraw it with the design centre.',
    ]);
  });
});

describe(`every buyer signs (${testDbKind})`, () => {
  it('submits when the last buyer signs what the first signed; a change in between sets the signatures aside and tells each buyer', async () => {
    const project = (await call('manager', 'GET', '/api/project')).json() as { _id: string };
    const setSigning = async (signing: 'one' | 'every') =>
      expect(
        (await call('manager', 'PATCH' as Method, `/api/projects/${project._id}`, { options: { signing } })).statusCode,
      ).toBe(200);
    await setSigning('every');
    try {
      expect((await call('manager', 'POST', `/api/carts/${cart304._id}/reopen`, {})).statusCode).toBe(200);
      const cartNow = async () =>
        (await call('marcus', 'GET', `/api/schema/carts/${cart304._id}`)).json() as Item & {
          status: string;
          signatures: Array<{ name: string }>;
        };
      const sign = async (who: Who, name: string) =>
        call(who, 'POST', `/api/carts/${cart304._id}/submit`, {
          signature: name,
          agree: true,
          _version: (await cartNow())._version,
        });

      // The change order made complete (a whole-home choice in each required category), then Marcus signs: it waits for Priya.
      const reopened = await cartNow();
      const completed = await call('marcus', 'PATCH' as Method, `/api/schema/carts/${cart304._id}`, {
        selections: [
          ...(reopened.selections as object[]),
          ...(await completeSelections(app, cookies.marcus, String(unit304.plan))),
        ],
        _version: reopened._version,
      });
      expect(completed.statusCode, completed.body).toBe(200);
      const first = await sign('marcus', 'Marcus Reid');
      expect(first.statusCode, first.body).toBe(200);
      expect((await cartNow()).status).toBe('draft');
      expect((await cartNow()).signatures.map((s) => s.name)).toEqual(['Marcus Reid']);

      // Priya changes a choice: Marcus's signature is set aside, and both are told.
      mail!.messages.length = 0;
      const current = await cartNow();
      const selections = current.selections as Array<{ option: string; quantity: number }>;
      const optional = categories.filter((c) => !c.required).map((c) => c._id);
      const options = (await call('manager', 'GET', '/api/schema/options/?limit=200')).json() as Item[];
      const dropped = selections.findIndex((s) =>
        optional.includes(String(options.find((o) => o._id === s.option)?.category)),
      );
      const changed = await call('priya', 'PATCH' as Method, `/api/schema/carts/${cart304._id}`, {
        selections: selections.filter((_, index) => index !== dropped),
        _version: current._version,
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect((await cartNow()).signatures).toEqual([]);
      await mail!.waitFor('marcus.reid@demo.test', /sign your selection again/);
      await mail!.waitFor('priya.reid@demo.test', /sign your selection again/);

      // Now Priya signs, then Marcus: submitted, with both signatures in its PDF.
      expect((await sign('priya', 'Priya Reid')).statusCode).toBe(200);
      expect((await cartNow()).status).toBe('draft');
      expect((await sign('marcus', 'Marcus Reid')).statusCode).toBe(200);
      const submitted = await cartNow();
      expect(submitted.status).toBe('submitted');
      expect(submitted.signatures.map((s) => s.name)).toEqual(['Priya Reid', 'Marcus Reid']);
      const pdf = await call('manager', 'GET', `/api/carts/${cart304._id}/pdf`);
      const text = await pdfText(pdf.rawPayload);
      expect(text).toMatch(/Signed by Priya Reid on/);
      expect(text).toMatch(/Signed by Marcus Reid on .* for/);
      // Nobody writes signatures but the server.
      const forged = await call('priya', 'PATCH' as Method, `/api/schema/carts/${cart304._id}`, {
        signatures: [],
        _version: submitted._version,
      });
      expect(forged.statusCode).toBeGreaterThanOrEqual(400);
    } finally {
      await setSigning('one');
    }
  });
});
