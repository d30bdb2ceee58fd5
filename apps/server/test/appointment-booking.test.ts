import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import type { ParsedMail } from 'mailparser';
import { createTestApp, testDbKind, TEST_DEMO_PASSWORD } from './support/test-app.ts';
import { browserHeaders, signIn } from './support/identity.ts';
import { recipients } from './support/mail-catcher.ts';
import { sqlRows } from '../src/db/client.ts';
import { sendAppointmentReminders } from '../src/modules/appointments/index.ts';
import { createMailer } from '../src/modules/mail/mailer.ts';

/**
 * Booking a meeting with the design centre (docs/appointments.md): what a buyer sees and may do,
 * what every attendee's calendar receives, what the staff run, and who sees nothing.
 */
const { app, db, mail, config } = await createTestApp({ withMail: true });
const as = async (email: string) => (await signIn(app, email, TEST_DEMO_PASSWORD)).cookie;
const smtp = createMailer({ smtpUrl: mail!.url, from: 'portal@demo.test', db, log: app.log });
const buyer = await as('buyer@demo.test');
const sofia = await as('sofia.martin@demo.test');
const marcus = await as('marcus.reid@demo.test');
const manager = await as('manager@demo.test');

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  app.inject({ method, url, headers: browserHeaders(cookie), ...(payload ? { payload } : {}) });

type Type = { id: string; name: string; bookedBy: string; fee: number; freeCount: number; cancelMinutes: number };
type Slot = { start: string; end: string; consultantId: string; consultantName: string; beforeDeadline: boolean };
type Appointment = {
  id: string;
  status: string;
  startsAt: string;
  sequence: number;
  fee: number;
  note?: string;
  attendees: Array<{ email: string }>;
};

const cartOf = async (cookie: string) =>
  ((await call('GET', '/api/schema/carts/', cookie)).json() as Array<{ _id: string; total: number }>)[0]!;
const types = async (cookie = buyer) => (await call('GET', '/api/appointment-types', cookie)).json() as Type[];
const typeNamed = async (name: string) => (await types(manager)).find((type) => type.name === name)!;
const slotsOf = async (cookie: string, cart: string, type: string, from?: string) => {
  const response = await call(
    'GET',
    `/api/appointments/slots?type=${type}&cart=${cart}${from ? `&from=${from}` : ''}`,
    cookie,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { slots: Slot[]; next: string | null; deadline: string | null };
};
const bookSlot = (cookie: string, cart: string, type: string, slot: Slot, extra: object = {}) =>
  call('POST', '/api/appointments', cookie, { type, cart, consultant: slot.consultantId, start: slot.start, ...extra });

/** The invitation a mail carries, read by ical.js (a parser written by others). */
function invitationOf(message: ParsedMail) {
  const file = message.attachments.find((part) => part.contentType.startsWith('text/calendar'));
  expect(file, `a calendar in "${message.subject}"`).toBeDefined();
  const calendar = new ICAL.Component(ICAL.parse(file!.content.toString('utf8')));
  const event = calendar.getFirstSubcomponent('vevent')!;
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: Number(event.getFirstPropertyValue('sequence')),
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
    attendees: event.getAllProperties('attendee').map((p) => String(p.getFirstValue()).replace(/^mailto:/i, '')),
    status: event.getFirstPropertyValue('status'),
  };
}

const mailsTo = (to: string, subject: RegExp) =>
  mail!.messages.filter((m) => recipients(m).includes(to) && subject.test(m.subject ?? ''));

async function waitForMails(to: string, subject: RegExp, count: number) {
  const deadline = Date.now() + 10_000;
  while (mailsTo(to, subject).length < count) {
    if (Date.now() > deadline) throw new Error(`fewer than ${count} mails "${subject}" to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return mailsTo(to, subject);
}

describe(`booking an appointment (${testDbKind})`, () => {
  it('shows a buyer the kinds they may book and free slots only, those before their deadline first', async () => {
    const kinds = await types();
    expect(kinds.map((kind) => kind.name).sort()).toEqual(['Design consultation', 'Final review']);
    const cart = await cartOf(sofia);
    const type = kinds.find((kind) => kind.name === 'Design consultation')!;
    const { slots, deadline } = await slotsOf(sofia, cart._id, type.id);
    expect(slots.length).toBeGreaterThan(0);
    // Sofia's deadline is days away: slots ending before it come first, then the others, each group in time order.
    const firstAfter = slots.findIndex((slot) => !slot.beforeDeadline);
    expect(firstAfter).toBeGreaterThan(0);
    expect(slots.slice(firstAfter).every((slot) => !slot.beforeDeadline)).toBe(true);
    for (const slot of slots) expect(slot.beforeDeadline).toBe(Date.parse(slot.end) <= Date.parse(deadline!));
    const before = slots.slice(0, firstAfter).map((slot) => slot.start);
    expect(before).toEqual([...before].sort());
    // The notice: nothing within a day of now.
    expect(Date.parse(slots[0]!.start)).toBeGreaterThanOrEqual(Date.now() + 23.9 * 3_600_000);
  });

  it('books, moves and cancels with one calendar UID and a growing SEQUENCE mailed to every buyer and the consultant', async () => {
    const cart = await cartOf(marcus);
    const type = await typeNamed('Design consultation');
    const { slots } = await slotsOf(marcus, cart._id, type.id);
    const booked = await bookSlot(marcus, cart._id, type.id, slots[1]!);
    expect(booked.statusCode, booked.body).toBe(201);
    const appointment = booked.json() as Appointment;
    expect(appointment.attendees.map((a) => a.email).sort()).toEqual(['marcus.reid@demo.test', 'priya.reid@demo.test']);
    expect(appointment.note).toBeUndefined();

    // The co-buyer is invited to the same meeting, and the consultant hears of it.
    const people = ['marcus.reid@demo.test', 'priya.reid@demo.test', 'manager@demo.test'];
    const first = await Promise.all(people.map(async (to) => invitationOf((await waitForMails(to, /^Booked/, 1))[0]!)));
    for (const invitation of first) {
      expect(invitation).toMatchObject({
        method: 'REQUEST',
        uid: `${appointment.id}@${config.portalHost}`,
        sequence: 0,
        start: slots[1]!.start,
      });
      expect(invitation.attendees.sort()).toEqual(['marcus.reid@demo.test', 'priya.reid@demo.test']);
    }
    // The taken slot is gone from what anyone is offered.
    const after = await slotsOf(marcus, cart._id, type.id);
    expect(after.slots.map((slot) => slot.start)).not.toContain(slots[1]!.start);

    const moved = await call('PATCH', `/api/appointments/${appointment.id}`, marcus, {
      consultant: slots[3]!.consultantId,
      start: slots[3]!.start,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const update = invitationOf((await waitForMails('priya.reid@demo.test', /^Moved/, 1))[0]!);
    expect(update).toMatchObject({ method: 'REQUEST', uid: first[0]!.uid, sequence: 1, start: slots[3]!.start });

    const cancelled = await call('POST', `/api/appointments/${appointment.id}/cancel`, marcus);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const cancel = invitationOf((await waitForMails('manager@demo.test', /^Cancelled/, 1))[0]!);
    expect(cancel).toMatchObject({ method: 'CANCEL', uid: first[0]!.uid, sequence: 2, status: 'CANCELLED' });
    // Cancelled is final: it cannot move again.
    expect(
      (
        await call('PATCH', `/api/appointments/${appointment.id}`, marcus, {
          consultant: slots[4]!.consultantId,
          start: slots[4]!.start,
        })
      ).statusCode,
    ).toBe(409);
  });

  it('tells the second buyer for a slot that it was taken, with the next free ones, and keeps one meeting', async () => {
    const type = await typeNamed('Final review');
    const [mine, hers] = [await cartOf(buyer), await cartOf(sofia)];
    const slot = (await slotsOf(buyer, mine._id, type.id)).slots.find((s) => s.beforeDeadline)!;
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => bookSlot(buyer, mine._id, type.id, slot)),
      ...Array.from({ length: 5 }, () => bookSlot(sofia, hers._id, type.id, slot)),
    ]);
    const won = answers.filter((answer) => answer.statusCode === 201);
    expect(won).toHaveLength(1);
    const lost = answers.filter((answer) => answer.statusCode !== 201);
    for (const answer of lost) {
      expect(answer.statusCode, answer.body).toBe(409);
      const body = (answer.json() as { error: { code: string; message: string; details?: { next?: Slot[] } } }).error;
      expect(body.message).toMatch(/just booked|already have/);
      if (/just booked/.test(body.message)) {
        expect(body.details!.next!.length).toBeGreaterThan(0);
        expect(body.details!.next!.map((s) => s.start)).not.toContain(slot.start);
      }
    }
    const [count] = await sqlRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM appointments WHERE status = 'booked' AND starts_at = ${slot.start}`,
    );
    expect(count!.n).toBe(1);
    await call('POST', `/api/appointments/${(won[0]!.json() as Appointment).id}/cancel`, manager);
  });

  it('refuses in words a time inside the notice, a closed hour, and a change after the cut-off; the staff may still', async () => {
    const type = await typeNamed('Final review');
    const cart = await cartOf(buyer);
    const soon = await call('POST', '/api/appointments', buyer, {
      type: type.id,
      cart: cart._id,
      consultant: (await slotsOf(buyer, cart._id, type.id)).slots[0]!.consultantId,
      start: new Date(Date.now() + 3_600_000).toISOString().replace(/\d\d:\d\d\.\d{3}Z$/, '00:00.000Z'),
    });
    expect(soon.statusCode).toBe(400);
    expect(soon.json().error.message).toMatch(/at least 24 hours ahead/);

    const { slots } = await slotsOf(buyer, cart._id, type.id);
    const closed = await bookSlot(buyer, cart._id, type.id, {
      ...slots[0]!,
      start: slots[0]!.start.replace(/T\d\d/, 'T07'),
    });
    expect([400, 409]).toContain(closed.statusCode);

    // A booking whose cut-off has passed: the kind now closes changes a month ahead.
    const booked = (await bookSlot(buyer, cart._id, type.id, slots[1]!)).json() as Appointment;
    const { id: _id, name: _name, ...rest } = type as Type & Record<string, unknown>;
    const closing = await call('PUT', `/api/manage/appointment-types/${type.id}`, manager, {
      ...rest,
      cancelMinutes: 60 * 24 * 30,
    });
    expect(closing.statusCode, closing.body).toBe(200);
    const late = await call('POST', `/api/appointments/${booked.id}/cancel`, buyer);
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toMatch(
      /^Changes to this appointment closed on .+: please call the design centre\.$/,
    );
    const french = await app.inject({
      method: 'POST',
      url: `/api/appointments/${booked.id}/cancel`,
      headers: { ...browserHeaders(buyer), 'accept-language': 'fr-CA' },
    });
    expect(french.json().error.message).toMatch(/^Les changements à ce rendez-vous/);
    expect((await call('POST', `/api/appointments/${booked.id}/cancel`, manager)).statusCode).toBe(200);
    await call('PUT', `/api/manage/appointment-types/${type.id}`, manager, rest);
  });

  it('adds the fee of a meeting past the free ones to an open selection once agreed, and takes it off when cancelled', async () => {
    const type = await typeNamed('Final review');
    const { id: _id, name: _name, ...rest } = type as Type & Record<string, unknown>;
    await call('PUT', `/api/manage/appointment-types/${type.id}`, manager, { ...rest, freeCount: 0 });
    const cart = await cartOf(buyer);
    const slot = (await slotsOf(buyer, cart._id, type.id)).slots[2]!;
    const unasked = await bookSlot(buyer, cart._id, type.id, slot);
    expect(unasked.statusCode).toBe(400);
    expect(unasked.json().error.message).toMatch(/costs \$100\.00, added to your selection/);
    const booked = await bookSlot(buyer, cart._id, type.id, slot, { acceptFee: true });
    expect(booked.statusCode, booked.body).toBe(201);
    expect((booked.json() as Appointment).fee).toBe(10_000);
    const charged = await cartOf(buyer);
    expect(charged.total).toBe(cart.total + 10_000);
    await call('POST', `/api/appointments/${(booked.json() as Appointment).id}/cancel`, buyer);
    expect((await cartOf(buyer)).total).toBe(cart.total);
    await call('PUT', `/api/manage/appointment-types/${type.id}`, manager, rest);
  });

  it('reminds every attendee the day before and two hours before, once each', async () => {
    const type = await typeNamed('Design consultation');
    const cart = await cartOf(marcus);
    const slot = (await slotsOf(marcus, cart._id, type.id)).slots[5]!;
    const appointment = (await bookSlot(marcus, cart._id, type.id, slot)).json() as Appointment;
    const start = Date.parse(slot.start);
    const remindedOf = async () =>
      (
        await sqlRows<{ reminders: string[] }>(db, sql`SELECT reminders FROM appointments WHERE id = ${appointment.id}`)
      )[0]!.reminders;
    const reminders = (now: number) => sendAppointmentReminders({ db, mailer: smtp, config, now: new Date(now) });
    await reminders(start - 30 * 3_600_000);
    expect(await remindedOf()).toEqual([]);
    expect(await reminders(start - 23 * 3_600_000)).toBeGreaterThanOrEqual(3);
    expect(await remindedOf()).toEqual(['day']);
    await reminders(start - 22 * 3_600_000);
    await reminders(start - 90 * 60_000);
    expect(await remindedOf()).toEqual(['day', 'soon']);
    await reminders(start - 60 * 60_000);
    for (const to of ['marcus.reid@demo.test', 'priya.reid@demo.test', 'manager@demo.test']) {
      expect(await waitForMails(to, /^Tomorrow: Design consultation/, 1)).toHaveLength(1);
      expect(await waitForMails(to, /^Soon: Design consultation/, 1)).toHaveLength(1);
    }
    const [day] = mailsTo('priya.reid@demo.test', /^Tomorrow/);
    expect(day!.text).toContain('is tomorrow');
    expect(day!.attachments).toHaveLength(0);
    await call('POST', `/api/appointments/${appointment.id}/cancel`, manager);
  });
});

describe(`the design centre's side (${testDbKind})`, () => {
  it('runs the calendar, today and the outcome; notes are the staff’s only', async () => {
    const type = await typeNamed('Design consultation');
    const cart = await cartOf(sofia);
    const slot = (await slotsOf(manager, cart._id, type.id)).slots[1]!;
    // The staff book by phone, without the buyers' notice.
    expect(Date.parse(slot.start)).toBeLessThan(Date.now() + 24 * 3_600_000 + 7 * 86_400_000);
    const booked = await bookSlot(manager, cart._id, type.id, slot);
    expect(booked.statusCode, booked.body).toBe(201);
    const appointment = booked.json() as Appointment;
    const day = slot.start.slice(0, 10);
    const calendar = (
      await call('GET', `/api/manage/appointments?from=${day}&days=7`, manager)
    ).json() as Appointment[];
    expect(calendar.map((a) => a.id)).toContain(appointment.id);
    expect(
      (await call('POST', `/api/manage/appointments/${appointment.id}/outcome`, manager, { status: 'done', note: 'x' }))
        .statusCode,
    ).toBe(409);
    // Once it started: done, with a note the buyer never reads.
    await sqlRows(
      db,
      sql`UPDATE appointments SET starts_at = now() - interval '1 hour', ends_at = now(), busy_until = now() WHERE id = ${appointment.id}`,
    );
    const done = await call('POST', `/api/manage/appointments/${appointment.id}/outcome`, manager, {
      status: 'done',
      note: 'Prefers the navy cabinets.',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'done', note: 'Prefers the navy cabinets.' });
    const hers = await call('GET', `/api/appointments?cart=${cart._id}`, sofia);
    expect(hers.body).not.toContain('navy cabinets');
    expect(hers.json()[0]).toMatchObject({ id: appointment.id, status: 'done' });
  });

  it('names on the dashboard the open selections near their deadline with no meeting booked', async () => {
    const today = (await call('GET', '/api/manage/appointments/today', manager)).json() as {
      unbooked: Array<{ unitName: string }>;
    };
    // Sofia's deadline is five days away (she has no meeting booked from now on); Alex's is three weeks.
    expect(today.unbooked.map((row) => row.unitName)).toContain('501');
    expect(today.unbooked.map((row) => row.unitName)).not.toContain('402');
  });

  it('gives a consultant a secret feed of their own bookings, and revokes it', async () => {
    const [consultant] = (await call('GET', '/api/manage/consultants', manager)).json() as Array<{ id: string }>;
    const made = await call('POST', `/api/manage/consultants/${consultant!.id}/feed`, manager);
    expect(made.statusCode, made.body).toBe(201);
    const url = new URL((made.json() as { url: string }).url);
    const type = await typeNamed('Final review');
    const cart = await cartOf(buyer);
    const slot = (await slotsOf(buyer, cart._id, type.id)).slots[1]!;
    const appointment = (await bookSlot(buyer, cart._id, type.id, slot)).json() as Appointment;
    // No session: the address is the key.
    const feed = await app.inject({ method: 'GET', url: url.pathname, headers: { host: url.host } });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    const calendar = new ICAL.Component(ICAL.parse(feed.body));
    const uids = calendar.getAllSubcomponents('vevent').map((event) => event.getFirstPropertyValue('uid'));
    expect(uids).toContain(`${appointment.id}@${config.portalHost}`);
    // No buyer's name or address in it.
    expect(feed.body).not.toMatch(/Alex Buyer|buyer@demo\.test/);
    expect((await call('DELETE', `/api/manage/consultants/${consultant!.id}/feed`, manager)).statusCode).toBe(204);
    expect((await app.inject({ method: 'GET', url: url.pathname, headers: { host: url.host } })).statusCode).toBe(404);
    await call('POST', `/api/appointments/${appointment.id}/cancel`, buyer);
  });

  it("is closed to buyers, visitors and another project's staff; a buyer reaches only their own selection", async () => {
    const harbour = await as('manager@harbour.test');
    for (const url of [
      '/api/manage/consultants',
      '/api/manage/appointments/today',
      '/api/manage/appointments?from=2026-12-01',
    ]) {
      expect((await call('GET', url, buyer)).statusCode).toBe(403);
      expect((await call('GET', url)).statusCode).toBe(401);
      expect((await call('GET', url, harbour)).statusCode).toBe(403);
    }
    const theirs = await cartOf(marcus);
    const type = await typeNamed('Final review');
    expect((await call('GET', `/api/appointments?cart=${theirs._id}`, buyer)).statusCode).toBe(404);
    expect((await call('GET', `/api/appointments/slots?type=${type.id}&cart=${theirs._id}`, buyer)).statusCode).toBe(
      404,
    );
    const slot = (await slotsOf(marcus, theirs._id, type.id)).slots[1]!;
    const appointment = (await bookSlot(marcus, theirs._id, type.id, slot)).json() as Appointment;
    expect((await call('POST', `/api/appointments/${appointment.id}/cancel`, buyer)).statusCode).toBe(404);
    expect((await call('POST', `/api/appointments/${appointment.id}/cancel`, harbour)).statusCode).toBe(403);
    await call('POST', `/api/appointments/${appointment.id}/cancel`, marcus);
  });
});

describe(`far days (${testDbKind})`, () => {
  it('refuses a day or a moment outside the years a design centre plans in, naming the field, and books nothing', async () => {
    const type = await typeNamed('Final review');
    const cart = await cartOf(buyer);
    for (const url of [
      `/api/appointments/slots?type=${type.id}&cart=${cart._id}&from=9999-12-30`,
      '/api/manage/appointments?from=9999-12-30',
      '/api/manage/appointments?from=0001-01-01',
    ]) {
      const answer = await call('GET', url, url.includes('manage') ? manager : buyer);
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json().error.details.issues[0].field).toBe('querystring.from');
    }
    const far = await call('POST', '/api/appointments', manager, {
      type: type.id,
      cart: cart._id,
      consultant: (await slotsOf(buyer, cart._id, type.id)).slots[0]!.consultantId,
      start: '9999-12-30T17:00:00Z',
    });
    expect(far.statusCode).toBe(400);
    expect(far.json().error.details.issues[0].field).toBe('body.start');
  });
});
