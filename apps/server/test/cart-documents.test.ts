import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { formatMoney } from '@decor/core';
import { sharedCart } from '../src/modules/carts/carts.share.ts';
import { sendDeadlineReminders } from '../src/modules/carts/carts.notices.ts';
import { createMailer } from '../src/modules/mail/mailer.ts';
import { createTestApp, onProject, testDbKind, TEST_AUTH_SECRET, TEST_DEMO_PASSWORD } from './support/test-app.ts';
import { browserHeaders, DEMO_ORIGIN, signIn } from './support/identity.ts';
import { pdfText } from './support/pdf-text.ts';
import { eq } from 'drizzle-orm';
import { projects } from '../src/db/schema/index.ts';
import { sqlRows } from '../src/db/client.ts';
import { renderCartPdf } from '../src/modules/carts/carts.pdf.ts';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import type { CartData } from '../src/modules/carts/carts.document.ts';

/**
 * 2031-03-08T00:00Z in Vancouver: 5 p.m. on the year-round UTC−7 British Columbia keeps from
 * November 2026 (IANA 2026a and later), printed from the portal's own zone database whatever
 * data the Node running the tests carries (docs/dates.md).
 */
const VANCOUVER_MARCH_7 = /March 7, 2031 at 5:00 p\.m\. MST/;

const { app, db, config, mail } = await createTestApp({ withMail: true });
const as = async (email: string) => (await signIn(app, email, TEST_DEMO_PASSWORD)).cookie;
const buyer = await as('buyer@demo.test');
const otherBuyer = await as('olivia.chen@demo.test');
const manager = await as('manager@demo.test');
const harbourManager = await as('manager@harbour.test');

type Item = Record<string, unknown> & {
  _id: string;
  _version: number;
  selections: Array<{ option: string; room?: string; quantity: number }>;
  total: number;
};
const request = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  app.inject({ method, url, headers: browserHeaders(cookie), ...(payload ? { payload } : {}) });
const getJson = async <T = Item>(url: string, cookie?: string) => (await request('GET', url, cookie)).json() as T;

const cart = (await getJson<Item[]>('/api/schema/carts/', buyer))[0]!;
const options = await getJson<
  Array<{ _id: string; name: string; price: number; category: string; requires: string[] }>
>('/api/schema/options/?limit=200', buyer);
const cad = (minor: number) => formatMoney(minor, { currency: 'CAD', locale: 'en-CA' });

describe(`GET /api/carts/{id}/pdf (${testDbKind})`, () => {
  it('gives the buyer the summary by room with every chosen option, the total and the deposit', async () => {
    const response = await request('GET', `/api/carts/${cart._id}/pdf`, buyer);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="selection-.+\.pdf"$/);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Maple Residences');
    expect(text).toContain('402');
    for (const selection of cart.selections)
      expect(text).toContain(options.find((o) => o._id === selection.option)!.name);
    expect(text).toContain(cad(cart.total));
    expect(text).toContain('Not signed yet');
  });

  it('prints every character the buyer typed — Latin, Greek, Cyrillic, Chinese, Arabic, Hebrew, emoji — with embedded, subset fonts', async () => {
    const [project] = await db.select().from(projects).where(eq(projects.key, 'demo'));
    const data = (await getJson<Item>(`/api/schema/carts/${cart._id}`, buyer)) as unknown as CartData;
    const notes = 'Zoë: Ωμέγα — Привет — שלום — 你好 — 😀';
    const signed = {
      ...data,
      status: 'submitted' as const,
      notes,
      signature: { name: '李小龙 محمد علي', signedAt: '2026-11-20T15:00:00.000Z', total: data.total },
    };
    const { bytes } = await renderCartPdf({ db, project: project!, cart: signed, cartId: cart._id, prices: true });
    const text = await pdfText(bytes);
    expect(text).toContain('Zoë: Ωμέγα — Привет — שלום — 你好 — 😀');
    // The name as signed: the Chinese, then the Arabic words (right to left, letters joined), none lost.
    const signature = text.split('\n').find((line) => line.startsWith('Signed by'))!;
    expect(signature).toContain('Signed by 李小龙');
    for (const word of ['محمد', 'علي']) expect(signature).toContain(word);
    expect(text).not.toContain('?');
    // Fonts embedded (no standard Helvetica) and subset to what is used: the file stays small.
    const parsed = await PDFDocument.load(bytes);
    const dicts = parsed.context
      .enumerateIndirectObjects()
      .map(([, object]) => object)
      .filter((object): object is PDFDict => object instanceof PDFDict);
    const descriptors = dicts.filter((dict) => dict.get(PDFName.of('Type')) === PDFName.of('FontDescriptor'));
    expect(descriptors.length).toBeGreaterThan(2);
    expect(descriptors.every((dict) => dict.has(PDFName.of('FontFile2')) || dict.has(PDFName.of('FontFile3')))).toBe(
      true,
    );
    expect(dicts.some((dict) => String(dict.get(PDFName.of('BaseFont'))).includes('Helvetica'))).toBe(false);
    expect(bytes.length).toBeLessThan(250_000);
  });

  it('lists a package’s saving as a line, so that the lines add up to the total', async () => {
    const [project] = await db.select().from(projects).where(eq(projects.key, 'demo'));
    const data = (await getJson<Item>(`/api/schema/carts/${cart._id}`, buyer)) as unknown as CartData;
    const packages = await getJson<Array<{ _id: string; name: string; priceAdjustment: number; options: string[] }>>(
      '/api/schema/packages/',
      buyer,
    );
    const classic = packages.find((p) => p.name === 'Classic Warmth')!;
    const selections = classic.options.map((option) => ({ option, quantity: 1 }));
    const sum = selections.reduce((total, s) => total + options.find((o) => o._id === s.option)!.price, 0);
    const withPackage = {
      ...data,
      package: classic._id,
      selections,
      total: Math.max(0, sum + classic.priceAdjustment),
    };
    const text = await pdfText(
      (await renderCartPdf({ db, project: project!, cart: withPackage, cartId: cart._id, prices: true })).bytes,
    );
    const packageLine = text.split('\n').find((line) => line.startsWith('Classic Warmth'))!;
    expect(packageLine).toBe(`Classic Warmth ${cad(classic.priceAdjustment)}`);
    const amounts = text
      .split('\n')
      .filter((line) => !/total|Deposit|Printed|Deadline/.test(line))
      .flatMap((line) =>
        [...line.matchAll(/(-?)\$([\d,]+\.\d{2})$/g)].map(
          (m) => (m[1] ? -1 : 1) * Math.round(Number(m[2]!.replace(/,/g, '')) * 100),
        ),
      );
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(withPackage.total);
    expect(text).toContain(`Upgrades total ${cad(withPackage.total)}`);
  });

  it('prints its dates in the project’s time zone, with the zone named', async () => {
    const [project] = await db.select().from(projects).where(eq(projects.key, 'demo'));
    const data = (await getJson<Item>(`/api/schema/carts/${cart._id}`, buyer)) as unknown as CartData;
    const now = new Date('2031-03-08T00:00:00Z');
    const inZone = async (timeZone: string) =>
      pdfText(
        (
          await renderCartPdf({
            db,
            project: { ...project!, options: { ...(project!.options as object), timeZone } },
            cart: data,
            cartId: cart._id,
            prices: true,
            now,
          })
        ).bytes,
      );
    // Printed from the portal's zone database, not Node's own data: the same text on Node 20 and Node 24.
    expect(await inZone('America/Vancouver')).toMatch(VANCOUVER_MARCH_7);
    expect(await inZone('America/Los_Angeles')).toContain('Printed March 7, 2031 at 4:00 p.m. PST');
    expect(await inZone('Asia/Tokyo')).toContain('Printed March 8, 2031 at 9:00 a.m. JST');
  });

  it('prints without prices for managers only', async () => {
    expect((await request('GET', `/api/carts/${cart._id}/pdf?prices=0`, buyer)).statusCode).toBe(403);
    const response = await request('GET', `/api/carts/${cart._id}/pdf?prices=0`, manager);
    expect(response.statusCode).toBe(200);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Maple Residences');
    expect(text).not.toContain('$');
    expect(text).not.toContain('Upgrades total');
  });

  it('is not found for another buyer, 401 for a visitor, 403 for another project’s manager, 400 for a bad query', async () => {
    expect((await request('GET', `/api/carts/${cart._id}/pdf`, otherBuyer)).statusCode).toBe(404);
    expect((await request('GET', `/api/carts/${cart._id}/pdf`)).statusCode).toBe(401);
    expect((await request('GET', `/api/carts/${cart._id}/pdf`, harbourManager)).statusCode).toBe(403);
    const bad = await request('GET', `/api/carts/${cart._id}/pdf?prices=maybe`, buyer);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('bad_request');
  });
});

describe(`share links and /api/shared (${testDbKind})`, () => {
  it('makes a read-only link that a visitor can open, without prices when asked', async () => {
    const shared = await request('POST', `/api/carts/${cart._id}/share`, buyer, { prices: false, days: 3 });
    expect(shared.statusCode).toBe(200);
    const { token, url, expiresAt } = shared.json() as { token: string; url: string; expiresAt: string };
    expect(url).toBe(`http://demo.portal.test/preview?token=${token}`);
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(2.9 * 86_400_000);

    const view = await app.inject({ method: 'GET', url: `/api/shared/${token}`, headers: onProject('demo') });
    expect(view.statusCode).toBe(200);
    const body = view.json();
    expect(body).toMatchObject({
      showsPrices: false,
      unit: { name: '402' },
      project: { key: 'demo', name: 'Maple Residences' },
    });
    expect(body.selections).toEqual(cart.selections);
    expect(body.total).toBeUndefined();
    expect(body.options.every((o: Record<string, unknown>) => !('price' in o))).toBe(true);
    expect(body.rooms.length).toBeGreaterThan(0);
  });

  it('lists the links given and withdraws one at once, for the cart’s buyers and managers only', async () => {
    const made = (await request('POST', `/api/carts/${cart._id}/share`, buyer, { prices: false, days: 5 })).json() as {
      token: string;
      expiresAt: string;
    };
    const listed = (await request('GET', `/api/carts/${cart._id}/shares`, buyer)).json() as Array<{
      _id: string;
      state: string;
      prices: boolean;
      expiresAt: string;
      byName: string;
    }>;
    const link = listed.find((l) => l.expiresAt === made.expiresAt && !l.prices)!;
    expect(link).toMatchObject({ state: 'active', byName: 'Alex Buyer' });
    expect(JSON.stringify(listed)).not.toContain(made.token);
    // Nobody else's to see or withdraw.
    expect((await request('GET', `/api/carts/${cart._id}/shares`, otherBuyer)).statusCode).toBe(404);
    expect((await request('GET', `/api/carts/${cart._id}/shares`)).statusCode).toBe(401);
    expect((await request('POST', `/api/carts/${cart._id}/shares/${link._id}/revoke`, otherBuyer)).statusCode).toBe(
      404,
    );
    expect(
      (await app.inject({ method: 'GET', url: `/api/shared/${made.token}`, headers: onProject('demo') })).statusCode,
    ).toBe(200);

    const revoked = await request('POST', `/api/carts/${cart._id}/shares/${link._id}/revoke`, buyer);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ _id: link._id, state: 'withdrawn' });
    const refused = await app.inject({ method: 'GET', url: `/api/shared/${made.token}`, headers: onProject('demo') });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      message: 'The buyer withdrew this shared link. Ask them for a new one.',
      details: { reason: 'withdrawn' },
    });
    // A manager of the project sees it too.
    expect(
      (
        (await request('GET', `/api/carts/${cart._id}/shares`, manager)).json() as Array<{ _id: string; state: string }>
      ).find((l) => l._id === link._id)?.state,
    ).toBe('withdrawn');
  });

  it('names who signed by initials only: the link may travel beyond the buyers', async () => {
    const marcus = await as('marcus.reid@demo.test');
    const signedCart = (await getJson<Item[]>('/api/schema/carts/', marcus))[0]!;
    const signer = (signedCart.signature as { name: string }).name;
    const { token } = (await request('POST', `/api/carts/${signedCart._id}/share`, marcus, {})).json() as {
      token: string;
    };
    const body = (await app.inject({ method: 'GET', url: `/api/shared/${token}`, headers: onProject('demo') })).json();
    expect(body.signature.initials).toBe(
      signer
        .split(' ')
        .map((word) => `${word[0]}.`)
        .join(' '),
    );
    expect(JSON.stringify(body)).not.toContain(signer);
  });

  it('shows the prices and the server’s total when the link allows it', async () => {
    const { token } = (await request('POST', `/api/carts/${cart._id}/share`, buyer, {})).json() as { token: string };
    const body = (await app.inject({ method: 'GET', url: `/api/shared/${token}`, headers: onProject('demo') })).json();
    expect(body).toMatchObject({ showsPrices: true, total: cart.total });
    const sum = cart.selections.reduce(
      (total, s) => total + body.options.find((o: { _id: string }) => o._id === s.option).price * s.quantity,
      0,
    );
    expect(sum).toBe(cart.total);
  });

  it('refuses a changed, an expired or another project’s link, and strangers cannot share', async () => {
    const { token } = (await request('POST', `/api/carts/${cart._id}/share`, buyer, {})).json() as { token: string };
    const tampered = `${token.slice(0, -3)}${token.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    const bad = await app.inject({ method: 'GET', url: `/api/shared/${tampered}`, headers: onProject('demo') });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('This shared link is not valid. Check that it was copied whole.');
    expect(token).toMatch(/^[A-Za-z0-9_-]{50}$/);
    expect(
      (await app.inject({ method: 'GET', url: '/api/shared/not-a-token', headers: onProject('demo') })).statusCode,
    ).toBe(400);
    await expect(
      sharedCart({
        db,
        token,
        secret: TEST_AUTH_SECRET,
        projectKey: 'demo',
        now: new Date(Date.now() + 15 * 86_400_000),
      }),
    ).rejects.toMatchObject({
      code: 'bad_request',
      message: 'This shared link has expired. Ask for a new one.',
    });
    expect(
      (await app.inject({ method: 'GET', url: `/api/shared/${token}`, headers: onProject('harbour') })).statusCode,
    ).toBe(404);
    expect((await request('POST', `/api/carts/${cart._id}/share`, otherBuyer, {})).statusCode).toBe(404);
    expect((await request('POST', `/api/carts/${cart._id}/share`, undefined, {})).statusCode).toBe(401);
    expect((await request('POST', `/api/carts/${cart._id}/share`, buyer, { days: 365 })).statusCode).toBe(400);
  });
});

describe(`saved alternatives (${testDbKind})`, () => {
  it('saves, switches back to and forgets a named alternative, with the total at today’s prices', async () => {
    const saved = await request('POST', `/api/carts/${cart._id}/versions`, buyer, { name: 'As seeded' });
    expect(saved.statusCode).toBe(200);
    const afterSave = saved.json() as Item & {
      versions: Array<{ id: string; name: string; selections: unknown; total: number }>;
    };
    expect(afterSave.versions).toHaveLength(1);
    expect(afterSave.versions[0]).toMatchObject({ name: 'As seeded', selections: cart.selections, total: cart.total });
    expect((await request('POST', `/api/carts/${cart._id}/versions`, buyer, { name: 'as SEEDED' })).statusCode).toBe(
      409,
    );

    // The buyer empties the cart, then switches back to the saved alternative.
    const emptied = (
      await request('PATCH', `/api/schema/carts/${cart._id}`, buyer, { selections: [], _version: afterSave._version })
    ).json() as Item;
    expect(emptied.total).toBe(0);
    const alternativeId = afterSave.versions[0]!.id;
    const stale = await request('POST', `/api/carts/${cart._id}/versions/${alternativeId}/restore`, buyer, {
      _version: afterSave._version,
    });
    expect(stale.statusCode).toBe(409);
    const restored = await request('POST', `/api/carts/${cart._id}/versions/${alternativeId}/restore`, buyer, {
      _version: emptied._version,
    });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ selections: cart.selections, total: cart.total });

    expect(
      (await request('POST', `/api/carts/${cart._id}/versions`, otherBuyer, { name: 'Mine now' })).statusCode,
    ).toBe(404);
    const forgotten = await request('DELETE', `/api/carts/${cart._id}/versions/${alternativeId}`, buyer);
    expect(forgotten.statusCode).toBe(200);
    expect(forgotten.json().versions).toEqual([]);
    expect((await request('DELETE', `/api/carts/${cart._id}/versions/${alternativeId}`, buyer)).statusCode).toBe(404);
  });

  it('saves a look built on a sales-centre screen as an alternative, priced at today’s prices; an unknown option is refused', async () => {
    const chosen = options.filter((o) => o.price > 0 && o.requires.length === 0).slice(0, 2);
    const choices = chosen.map((o) => ({ option: o._id, quantity: 1 }));
    const saved = await request('POST', `/api/carts/${cart._id}/versions`, buyer, { name: 'Showroom look', choices });
    expect(saved.statusCode).toBe(200);
    const look = (
      saved.json() as Item & { versions: Array<{ name: string; selections: unknown; total: number; package: unknown }> }
    ).versions.find((v) => v.name === 'Showroom look')!;
    // Today's prices, read from the catalogue independently of the pricing under test.
    const [row] = await sqlRows<{ total: number }>(
      db,
      sql`SELECT sum((data->>'price')::int)::int AS total FROM items WHERE id = ANY(${`{${chosen.map((o) => o._id).join(',')}}`}::uuid[])`,
    );
    expect(look).toMatchObject({ selections: choices, package: null, total: row!.total });
    // The cart's own choices did not move.
    expect((await getJson(`/api/schema/carts/${cart._id}`, buyer)).selections).toEqual(cart.selections);
    const unknown = await request('POST', `/api/carts/${cart._id}/versions`, buyer, {
      name: 'Ghost look',
      choices: [{ option: '01890000-0000-7000-8000-000000000000', quantity: 1 }],
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('cannot be written through a PATCH, and not at all once the deadline has passed', async () => {
    const current = await getJson(`/api/schema/carts/${cart._id}`, buyer);
    const patched = await request('PATCH', `/api/schema/carts/${cart._id}`, buyer, {
      versions: [],
      _version: current._version,
    });
    expect(patched.statusCode).toBe(403);
    const daniel = await as('daniel.okafor@demo.test');
    const lockedCart = (await getJson<Item[]>('/api/schema/carts/', daniel))[0]!;
    const refused = await request('POST', `/api/carts/${lockedCart._id}/versions`, daniel, { name: 'Too late' });
    expect(refused.statusCode).toBe(423);
  });
});

describe(`deadline reminders and submission notices (${testDbKind})`, () => {
  const outbox = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db, log: app.log });

  async function setDeadline(id: string, deadline: Date) {
    const current = await getJson(`/api/schema/carts/${id}`, manager);
    const response = await request('PATCH', `/api/schema/carts/${id}`, manager, {
      deadline: deadline.toISOString(),
      _version: current._version,
    });
    expect(response.statusCode).toBe(200);
  }

  it('reminds the buyers of an unfinished cart 7 days and 1 day before its deadline, once each (controllable clock)', async () => {
    const sofia = await as('sofia.martin@demo.test');
    const sofiaCart = (await getJson<Item[]>('/api/schema/carts/', sofia))[0]!;
    const now = new Date('2031-03-01T12:00:00Z');
    // Every other draft is far from its deadline at this time; Sofia's is 6 days and a half away.
    await db.execute(sql`DELETE FROM cart_reminders`);
    await setDeadline(sofiaCart._id, new Date(now.getTime() + 6.5 * 86_400_000));
    mail!.messages.length = 0;

    expect(await sendDeadlineReminders({ db, mailer: outbox, config, now })).toBe(1);
    const week = await mail!.waitFor('sofia.martin@demo.test', /due in 7 days/);
    expect(week.subject).toBe('Your selections for unit 501 are due in 7 days');
    expect(week.text).toContain(`${DEMO_ORIGIN}/configure`);
    // The deadline as the project's people read it (Maple is in Vancouver), not the server's UTC.
    expect(week.text).toMatch(VANCOUVER_MARCH_7);
    expect(await sendDeadlineReminders({ db, mailer: outbox, config, now })).toBe(0);

    const dayBefore = new Date(now.getTime() + 6 * 86_400_000);
    expect(await sendDeadlineReminders({ db, mailer: outbox, config, now: dayBefore })).toBe(1);
    expect((await mail!.waitFor('sofia.martin@demo.test', /due tomorrow/)).subject).toBe(
      'Your selections for unit 501 are due tomorrow',
    );
    expect(await sendDeadlineReminders({ db, mailer: outbox, config, now: dayBefore })).toBe(0);

    // A new deadline is reminded again; a past one never.
    await setDeadline(sofiaCart._id, new Date(now.getTime() + 5 * 86_400_000 + 3_600_000));
    expect(await sendDeadlineReminders({ db, mailer: outbox, config, now })).toBe(1);
    expect(
      await sendDeadlineReminders({ db, mailer: outbox, config, now: new Date(now.getTime() + 30 * 86_400_000) }),
    ).toBe(0);
  });

  it('reminds at the project’s own steps, once after the deadline if it asks, never twice for one step', async () => {
    const project = await getJson<{ _id: string }>('/api/project', manager);
    const setOptions = async (options: object) =>
      expect((await request('PATCH', `/api/projects/${project._id}`, manager, { options })).statusCode).toBe(200);
    await setOptions({ reminderDays: [14, 7, 2], remindAfterDeadline: true });
    // Refused in words, nothing changed: a step twice, or too far.
    expect(
      (await request('PATCH', `/api/projects/${project._id}`, manager, { options: { reminderDays: [7, 7] } })).json()
        .error.message,
    ).toContain('lists one value twice');
    expect(
      (await request('PATCH', `/api/projects/${project._id}`, manager, { options: { reminderDays: [120] } }))
        .statusCode,
    ).toBe(400);
    const sofia = await as('sofia.martin@demo.test');
    const sofiaCart = (await getJson<Item[]>('/api/schema/carts/', sofia))[0]!;
    const now = new Date('2032-05-01T12:00:00Z');
    const deadline = new Date(now.getTime() + 13.5 * 86_400_000);
    await setDeadline(sofiaCart._id, deadline);
    mail!.messages.length = 0;
    const at = (daysBefore: number) => new Date(deadline.getTime() - daysBefore * 86_400_000);
    const subjects = async (when: Date) => {
      const before = mail!.messages.length;
      const sent = await sendDeadlineReminders({ db, mailer: outbox, config, now: when });
      await expect.poll(() => mail!.messages.length).toBe(before + sent);
      return mail!.messages.slice(before).map((m) => m.subject);
    };
    expect(await subjects(at(13.5))).toEqual(['Your selections for unit 501 are due in 14 days']);
    expect(await subjects(at(13))).toEqual([]);
    // Two servers running the job at the same moment send the step once.
    const before = mail!.messages.length;
    const runs = await Promise.all(
      [0, 1].map(() => sendDeadlineReminders({ db, mailer: outbox, config, now: at(6.5) })),
    );
    expect(runs.reduce((sum, sent) => sum + sent, 0)).toBe(1);
    await expect
      .poll(() => mail!.messages.slice(before).map((m) => m.subject))
      .toEqual(['Your selections for unit 501 are due in 7 days']);
    expect(await subjects(at(1.5))).toEqual(['Your selections for unit 501 are due in 2 days']);
    expect(await subjects(at(1))).toEqual([]);
    expect(await subjects(at(-0.5))).toEqual(['The deadline for unit 501 has passed']);
    expect(await subjects(at(-1))).toEqual([]);
    await setOptions({ reminderDays: [7, 1], remindAfterDeadline: false });
  });

  it('reminds by hand: chosen selections or every one not submitted, each at most once an hour, managers only', async () => {
    const drafts = (await getJson<Item[]>('/api/schema/carts/?limit=100', manager)).filter(
      (c) => c.status === 'draft' && Date.parse(String(c.deadline)) > Date.now(),
    );
    const approved = (await getJson<Item[]>('/api/schema/carts/?limit=100', manager)).find(
      (c) => c.status === 'approved',
    )!;
    mail!.messages.length = 0;
    const everyOpen = await request('POST', '/api/manage/reminders', manager, { who: 'not-submitted' });
    expect(everyOpen.statusCode, everyOpen.body).toBe(200);
    expect(everyOpen.json().reminded.sort()).toEqual(drafts.map((c) => c._id).sort());
    await mail!.waitFor('buyer@demo.test', /Your selections for unit 402 are due/);
    // Asked again within the hour: nobody is mailed twice.
    const again = (
      await request('POST', '/api/manage/reminders', manager, { carts: [drafts[0]!._id, approved._id] })
    ).json();
    expect(again).toEqual({
      reminded: [],
      skipped: [
        { cart: drafts[0]!._id, reason: 'recently' },
        { cart: approved._id, reason: 'not-open' },
      ],
    });
    expect((await request('POST', '/api/manage/reminders', buyer, { who: 'not-started' })).statusCode).toBe(403);
    expect((await request('POST', '/api/manage/reminders', harbourManager, { who: 'not-started' })).statusCode).toBe(
      403,
    );
    expect((await request('POST', '/api/manage/reminders', manager, {})).statusCode).toBe(400);
    expect((await request('POST', '/api/manage/reminders', manager, { who: 'everyone' })).statusCode).toBe(400);
  });

  it('tells the managers when a buyer submits', async () => {
    const hannah = await as('hannah.lee@demo.test');
    const hannahCart = (await getJson<Item[]>('/api/schema/carts/', hannah))[0]!;
    const categories = await getJson<Array<{ _id: string; required: boolean; name: string }>>(
      '/api/schema/categories/?limit=200',
      hannah,
    );
    const unit = await getJson<{ plan: string }>(`/api/schema/units/${hannahCart.unit as string}`, hannah);
    // Required means in every room: a choice for the whole home completes each required category.
    const chosen = new Set(
      hannahCart.selections.filter((s) => !s.room).map((s) => options.find((o) => o._id === s.option)!.category),
    );
    const missing = categories
      .filter((c) => c.required && !chosen.has(c._id))
      .map((c) => {
        const option = options.find(
          (o) =>
            o.category === c._id &&
            o.requires.length === 0 &&
            ((o as { plans?: string[] }).plans ?? []).every((p) => p === unit.plan),
        )!;
        return { option: option._id, quantity: 1 };
      });
    const patched = await request('PATCH', `/api/schema/carts/${hannahCart._id}`, hannah, {
      selections: [...hannahCart.selections, ...missing],
      _version: hannahCart._version,
    });
    expect(patched.statusCode).toBe(200);
    const submitted = await request('POST', `/api/carts/${hannahCart._id}/submit`, hannah, {
      signature: 'Hannah Lee',
      agree: true,
      _version: patched.json()._version,
    });
    expect(submitted.statusCode).toBe(200);
    const notice = await mail!.waitFor('manager@demo.test', /selection submitted/);
    expect(notice.subject).toBe('Unit 701: selection submitted for approval');
    expect(notice.text).toContain(
      `Hannah Lee signed and submitted the design selection of unit 701, for an upgrades total of ${cad(submitted.json().total)}.`,
    );
    expect(notice.text).toContain(`http://demo.portal.test/manage/carts/${hannahCart._id}`);
  });
});
