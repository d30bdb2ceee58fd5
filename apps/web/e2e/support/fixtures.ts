import crypto from 'node:crypto';
/**
 * Test fixtures written straight into the database (docs/architecture.md allows it for journeys that
 * are not about signing up): a buyer with a unit and a cart of their own.
 */
import pg from 'pg';
import { hash } from '@node-rs/argon2';
import { v7 as uuidv7 } from 'uuid';
import { E2E_DEMO_PASSWORD } from './global-setup.ts';
import { callPortal, jsonOf } from './portal-call.ts';
import { waitForMail } from './mail-files.ts';
import { CHANGE_CHANNEL, type Change } from '../../../server/src/db/change-feed.ts';

/**
 * Announces items written straight into the database on the change feed, as the server's own
 * write path does (docs/architecture.md, "Change feed"): a server that keeps a read of the
 * collection (the API's list pages) drops it, so the next page shows the fixture's rows.
 */
async function announce(
  client: pg.Client,
  rows: Array<{ project_id: string; collection: string; id: string; version: number }>,
  op: Change['op'],
) {
  for (const row of rows) {
    const change: Change = {
      project: row.project_id,
      collection: row.collection,
      id: row.id,
      version: row.version,
      op,
    };
    await client.query('SELECT pg_notify($1, $2)', [CHANGE_CHANNEL, JSON.stringify(change)]);
  }
}

export interface BuyerFixture {
  email: string;
  password: string;
  cartId: string;
}

/** A new buyer of a new unit of the project, whose draft cart has one standard choice per required category. */
export async function createBuyerWithCompleteCart({
  projectKey,
  email,
  password,
}: {
  projectKey: string;
  email: string;
  password: string;
}): Promise<BuyerFixture> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    const {
      rows: [project],
    } = await client.query(`SELECT id FROM projects WHERE key = $1`, [projectKey]);
    const userId = uuidv7();
    await client.query(
      `INSERT INTO users (id, name, email, email_verified, terms_accepted_at) VALUES ($1, $2, $3, true, now())`,
      [userId, email.split('@')[0], email],
    );
    await client.query(
      `INSERT INTO accounts (id, account_id, provider_id, user_id, password) VALUES ($1, $2, 'credential', $2, $3)`,
      [uuidv7(), userId, await hash(password)],
    );
    await client.query(`INSERT INTO memberships (project_id, user_id, role) VALUES ($1, $2, 'purchaser')`, [
      project.id,
      userId,
    ]);
    // A unit of its own on the plan with the most rooms, so that fixtures never run out of free units.
    const {
      rows: [unit],
    } = await client.query(
      `INSERT INTO items (project_id, collection, id, data)
       SELECT $1, 'units', $2, jsonb_build_object('name', $3::text, 'floor', 9, 'plan', p.id::text, 'status', 'sold', 'buyers', jsonb_build_array($4::text))
       FROM items p WHERE p.project_id = $1 AND p.collection = 'plans'
       ORDER BY jsonb_array_length(p.data->'rooms') DESC, p.id LIMIT 1
       RETURNING project_id, collection, id, version, data->>'plan' AS plan`,
      [project.id, uuidv7(), `E2E-${userId.slice(-6)}`, userId],
    );
    await announce(client, [unit], 'create');
    const { rows: choices } = await client.query(
      `SELECT DISTINCT ON (o.data->>'category') o.id
       FROM items o JOIN items c ON c.id::text = o.data->>'category' AND c.project_id = o.project_id
       WHERE o.project_id = $1 AND o.collection = 'options' AND (c.data->>'required')::boolean
         AND (o.data->>'price')::int = 0 AND jsonb_array_length(o.data->'requires') = 0
         AND (jsonb_array_length(o.data->'plans') = 0 OR o.data->'plans' ? $2)
       ORDER BY o.data->>'category', o.id`,
      [project.id, unit.plan],
    );
    const cartId = uuidv7();
    const deadline = new Date(Date.now() + 10 * 86_400_000).toISOString();
    const { rows: carts } = await client.query(
      `INSERT INTO items (project_id, collection, id, data) VALUES ($1, 'carts', $2, $3::jsonb) RETURNING project_id, collection, id, version`,
      [
        project.id,
        cartId,
        JSON.stringify({
          unit: unit.id,
          owner: userId,
          selections: choices.map((c: { id: string }) => ({ option: c.id, quantity: 1 })),
          package: null,
          status: 'draft',
          total: 0,
          deadline,
          notes: '',
          signature: null,
        }),
      ],
    );
    await announce(client, carts, 'create');
    return { email, password, cartId };
  } finally {
    await client.end();
  }
}

/**
 * A new manager of the project, signed in by no one yet: journeys that sign a manager in use
 * their own, so that the per-address sign-in limit (10 in 15 minutes) counts per journey as it
 * would per person.
 */
/** A verified account that belongs to no project: someone who signed themselves up. */
export async function createOutsider(): Promise<{ email: string; password: string; name: string }> {
  const email = `outsider-${uuidv7().slice(-12)}@example.test`;
  const password = 'Outsider-pass-2026';
  const name = 'Sam Outsider';
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    const userId = uuidv7();
    await client.query(
      `INSERT INTO users (id, name, email, email_verified, terms_accepted_at) VALUES ($1, $2, $3, true, now())`,
      [userId, name, email],
    );
    await client.query(
      `INSERT INTO accounts (id, account_id, provider_id, user_id, password) VALUES ($1, $2, 'credential', $2, $3)`,
      [uuidv7(), userId, await hash(password)],
    );
    return { email, password, name };
  } finally {
    await client.end();
  }
}

export async function createManager({ projectKey = 'demo' }: { projectKey?: string } = {}): Promise<{
  email: string;
  password: string;
  name: string;
}> {
  const email = `manager-${uuidv7().slice(-12)}@demo.test`;
  const person = { email, password: 'Manager-pass-2026', name: `Morgan ${email.slice(8, 12)}` };
  await insertMember({ projectKey, role: 'manager', ...person });
  return person;
}

/** A verified account with a password, a member of the project in `role`; its id. */
async function insertMember({
  projectKey,
  role,
  email,
  password,
  name,
}: {
  projectKey: string;
  role: 'manager' | 'purchaser';
  email: string;
  password: string;
  name: string;
}) {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    const {
      rows: [project],
    } = await client.query(`SELECT id FROM projects WHERE key = $1`, [projectKey]);
    const userId = uuidv7();
    await client.query(
      `INSERT INTO users (id, name, email, email_verified, terms_accepted_at) VALUES ($1, $2, $3, true, now())`,
      [userId, name, email],
    );
    await client.query(
      `INSERT INTO accounts (id, account_id, provider_id, user_id, password) VALUES ($1, $2, 'credential', $2, $3)`,
      [uuidv7(), userId, await hash(password)],
    );
    await client.query(`INSERT INTO memberships (project_id, user_id, role) VALUES ($1, $2, $3)`, [
      project.id,
      userId,
      role,
    ]);
    return userId;
  } finally {
    await client.end();
  }
}

/**
 * A platform administrator of its own: each journey signs in with a fresh one, so that the
 * suite does not spend the demo admin's sign-in allowance (10 per address per 15 minutes).
 */
export async function createAdmin(): Promise<{ email: string; password: string }> {
  const email = `admin-${uuidv7().slice(-12)}@platform.test`;
  const password = 'Admin-pass-2026';
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    const userId = uuidv7();
    await client.query(
      `INSERT INTO users (id, name, email, email_verified, terms_accepted_at, is_admin) VALUES ($1, $2, $3, true, now(), true)`,
      [userId, `Admin ${email.slice(6, 12)}`, email],
    );
    await client.query(
      `INSERT INTO accounts (id, account_id, provider_id, user_id, password) VALUES ($1, $2, 'credential', $2, $3)`,
      [uuidv7(), userId, await hash(password)],
    );
    return { email, password };
  } finally {
    await client.end();
  }
}

const sessions = new Map<string, Promise<string>>();

/** Forgets the file's signed-in API sessions (support/each-file.ts): the next file signs in afresh. */
export function forgetSessions() {
  sessions.clear();
}

/**
 * A person's calls to the API from the test runner, over a real socket with the project's Host
 * (Node's fetch would not send it), signed in once per file: every journey would otherwise spend
 * the address's sign-in allowance.
 */
export async function asPerson({
  email,
  password,
  projectKey = 'demo',
  language,
}: {
  email: string;
  password: string;
  projectKey?: string;
  /** The language of the page the calls come from (Accept-Language): what the person reads. */
  language?: string;
}) {
  const host = `${projectKey}.localhost:${Number(process.env.E2E_PORT)}`;
  // Each person calls from an address of their own behind the test server's trusted proxy, as each
  // browser does (support/browser.ts): the per-address sign-in allowance counts per person, not
  // for every journey of the run at once.
  const address = `10.79.${crypto.randomInt(0, 250)}.${crypto.randomInt(1, 250)}`;
  const call = async (method: string, path: string, body?: unknown, cookie = '') => {
    const answer = await callPortal({
      host,
      method,
      path,
      body,
      headers: { cookie, 'x-forwarded-for': address, ...(language ? { 'accept-language': language } : {}) },
    });
    return {
      status: answer.status,
      json: jsonOf(answer),
      cookies: answer.setCookies.map((c) => c.split(';')[0]).join('; '),
    };
  };
  const key = `${projectKey}|${email}`;
  if (!sessions.has(key)) {
    sessions.set(
      key,
      call('POST', '/api/auth/sign-in/email', { email, password }).then((signedIn) => {
        if (signedIn.status !== 200) throw new Error(`${email} could not sign in: ${signedIn.status}`);
        return signedIn.cookies;
      }),
    );
  }
  const cookies = await sessions.get(key)!;
  return (method: string, path: string, body?: unknown) => call(method, path, body, cookies);
}

/** The demo manager's calls (a file's journeys share the one sign-in). */
export function asDemoManager() {
  return asPerson({ email: 'manager@demo.test', password: E2E_DEMO_PASSWORD });
}

/** Puts a cart's choice of one category on another option (straight into the database). */
export async function chooseInCart({ cartId, category, option }: { cartId: string; category: string; option: string }) {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    const { rows: changed } = await client.query(
      `UPDATE items c SET data = jsonb_set(c.data, '{selections}', (
         SELECT COALESCE(jsonb_agg(CASE WHEN o.data->>'category' = $2 THEN jsonb_build_object('option', $3::text, 'quantity', 1) ELSE s END), '[]'::jsonb)
         FROM jsonb_array_elements(c.data->'selections') s JOIN items o ON o.id::text = s->>'option'))
       WHERE c.id = $1
       RETURNING c.project_id, c.collection, c.id, c.version`,
      [cartId, category, option],
    );
    await announce(client, changed, 'update');
  } finally {
    await client.end();
  }
}

/**
 * A new manager of the demo invites `email` by mail to a unit nobody has yet (through the API, as
 * the back office does): the unit, the manager's calls, and the invitation's link as mailed.
 */
export async function inviteToFreeUnit(email: string) {
  // A manager of its own: the demo manager's sign-in allowance is the other journeys'.
  const manager = await asPerson(await createManager());
  const unit = await freeUnit(manager);
  const created = await manager('POST', '/api/access-codes', { email, unit: unit._id, send: true });
  if (created.status !== 201) throw new Error(`the invitation was not made: ${created.status}`);
  const invitation = await waitForMail(email, /invited to choose the finishes/);
  const link = /http:\/\/demo\.localhost:\d+\/link\/\S+\?proof=[\w-]+/.exec(invitation.text)?.[0];
  if (!link) throw new Error('the invitation mail has no link');
  return { unit, manager, link };
}

type ApiCall = (method: string, path: string, body?: unknown) => Promise<{ status: number; json: unknown }>;

/** A unit of the demo that has no buyer and no selection yet, found through the back office's list. */
export async function freeUnit(manager: ApiCall): Promise<{ _id: string; name: string }> {
  type Unit = { _id: string; name: string; buyers: unknown[]; cart: unknown };
  const taken = freeUnitsHandedOut;
  for (let after: string | null = ''; after !== null;) {
    const page = (await manager('GET', `/api/manage/units${after ? `?after=${encodeURIComponent(after)}` : ''}`))
      .json as {
      items: Unit[];
      next: string | null;
    };
    const unit = page.items.find((u) => !u.buyers.length && !u.cart && !taken.has(u._id));
    if (unit) {
      taken.add(unit._id);
      return unit;
    }
    after = page.next;
  }
  throw new Error('the demo has no unit without buyers');
}
/** Units handed out by freeUnit and not yet taken by their invitee: journeys running side by side never share one. */
const freeUnitsHandedOut = new Set<string>();

/** Sets the language a person chose for the portal and its mails (null: their browser's, then the project's). */
export async function setLanguage(email: string, language: string | null) {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    await client.query(`UPDATE users SET language = $2 WHERE email = $1`, [email, language]);
  } finally {
    await client.end();
  }
}

/** A second buyer of a cart's unit (a co-buyer): an account of its own, a member of the project, listed on the unit. */
export async function addCoBuyer({
  projectKey = 'demo',
  cartId,
  name,
}: {
  projectKey?: string;
  cartId: string;
  name: string;
}) {
  const person = { email: `co-buyer-${uuidv7().slice(-12)}@example.test`, password: 'Co-buyer-pass-2026', name };
  const userId = await insertMember({ projectKey, role: 'purchaser', ...person });
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    const { rows: changed } = await client.query(
      `UPDATE items u SET data = jsonb_set(u.data, '{buyers}', u.data->'buyers' || jsonb_build_array($2::text))
       FROM items c WHERE c.id = $1 AND c.collection = 'carts' AND u.collection = 'units' AND u.id::text = c.data->>'unit'
       RETURNING u.project_id, u.collection, u.id, u.version`,
      [cartId, userId],
    );
    await announce(client, changed, 'update');
    return person;
  } finally {
    await client.end();
  }
}

/** Places each choice of a cart in the first room its category belongs to, as choosing in a room does. */
export async function placeChoicesInRooms(cartId: string) {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    const { rows: changed } = await client.query(
      `UPDATE items c SET data = jsonb_set(c.data, '{selections}', (
         SELECT COALESCE(jsonb_agg(CASE WHEN k.data->'rooms'->>0 IS NULL THEN s ELSE s || jsonb_build_object('room', k.data->'rooms'->>0) END), '[]'::jsonb)
         FROM jsonb_array_elements(c.data->'selections') s
         JOIN items o ON o.id::text = s->>'option' AND o.project_id = c.project_id
         JOIN items k ON k.id::text = o.data->>'category' AND k.project_id = c.project_id))
       WHERE c.id = $1
       RETURNING c.project_id, c.collection, c.id, c.version`,
      [cartId],
    );
    await announce(client, changed, 'update');
  } finally {
    await client.end();
  }
}

/**
 * A new project made as an administrator makes one in the wizard (through the API): a key of its
 * own, the demo's catalogue copied or none, a first manager invited by mail. Journeys that change a
 * project's settings, or leave something waiting in it, work in one of these so the others are not
 * disturbed. `language` is the page's the administrator asks from (the first manager's mail reads it).
 */
export async function createProject({
  key,
  locale = 'en-CA',
  catalogue = 'empty',
  managerEmail = `first-${key}@example.test`,
  language,
}: {
  key: string;
  locale?: string;
  catalogue?: 'empty' | 'demo';
  managerEmail?: string;
  language?: string;
}): Promise<{ key: string; id: string; name: string; status: number }> {
  const admin = await asPerson({ ...(await createAdmin()), ...(language ? { language } : {}) });
  const name = `Project ${key}`;
  const made = await admin('POST', '/api/admin/projects', {
    key,
    name,
    currency: 'CAD',
    options: { locale, timeZone: 'America/Toronto', unitSystem: 'metric' },
    theme: { primary: '#1f6f5c', secondary: '#c98a2b', logoBg: '#ffffff' },
    catalogue,
    manager: { email: managerEmail },
  });
  if (made.status !== 201)
    throw new Error(`the project ${key} was not made: ${made.status} ${JSON.stringify(made.json)}`);
  return { key, id: (made.json as { _id: string })._id, name, status: made.status };
}

/**
 * The buyer's selection with the dearest upgrade of a required category that needs nothing else,
 * chosen through the buyer's own API (as the editor saves it): a signed selection then owes more
 * than nothing. Answers the upgrade's price.
 */
export async function chooseAnUpgrade(buyer: BuyerFixture & { projectKey?: string }): Promise<number> {
  const asBuyer = await asPerson(buyer);
  const options = (await asBuyer('GET', '/api/schema/options/?limit=200')).json as Array<{
    _id: string;
    category: string;
    price: number;
    requires: string[];
    excludes: string[];
    plans: string[];
  }>;
  const cart = (await asBuyer('GET', `/api/schema/carts/${buyer.cartId}`)).json as {
    _version: number;
    selections: Array<{ option: string; quantity: number }>;
  };
  const categoryOf = new Map(options.map((o) => [o._id, o.category]));
  const chosenCategories = new Set(cart.selections.map((s) => categoryOf.get(s.option)));
  const upgrade = options
    .filter((o) => chosenCategories.has(o.category) && !o.requires.length && !o.excludes.length && !o.plans.length)
    .sort((a, b) => b.price - a.price)[0];
  if (!upgrade?.price) throw new Error('no upgrade to choose in this catalogue');
  const changed = await asBuyer('PATCH', `/api/schema/carts/${buyer.cartId}`, {
    _version: cart._version,
    selections: cart.selections.map((s) =>
      categoryOf.get(s.option) === upgrade.category ? { option: upgrade._id, quantity: 1 } : s,
    ),
  });
  if (changed.status !== 200) throw new Error(`the upgrade was not chosen: ${JSON.stringify(changed.json)}`);
  return upgrade.price;
}

/**
 * Books a meeting of the demo's kind named `kind` for a selection, through the API as its buyer:
 * a free slot picked at random (journeys run side by side on one consultant), the next one when
 * another journey took it first. Answers the meeting and its kind's id.
 */
export async function bookAnySlot(asBuyer: ApiCall, cartId: string, kind: string) {
  const types = (await asBuyer('GET', '/api/appointment-types')).json as Array<{ id: string; names: { en: string } }>;
  const type = types.find((entry) => entry.names.en === kind);
  if (!type) throw new Error(`no kind of meeting named ${kind}`);
  const { slots } = (await asBuyer('GET', `/api/appointments/slots?type=${type.id}&cart=${cartId}`)).json as {
    slots: Array<{ start: string; consultantId: string }>;
  };
  for (const slot of [...slots].sort(() => Math.random() - 0.5)) {
    const booked = await asBuyer('POST', '/api/appointments', {
      type: type.id,
      cart: cartId,
      consultant: slot.consultantId,
      start: slot.start,
    });
    if (booked.status === 201) return { appointment: booked.json as { id: string; startsAt: string }, typeId: type.id };
    if (booked.status !== 409) throw new Error(`booking refused: ${booked.status} ${JSON.stringify(booked.json)}`);
  }
  throw new Error('no free slot could be booked');
}
