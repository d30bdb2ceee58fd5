import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { accessCodes, items, memberships, projects, users } from '../src/db/schema/index.ts';
import { createTestApp, testDbKind, TEST_DEMO_PASSWORD, TEST_PORTAL_HOST } from './support/test-app.ts';
import { browserHeaders, cookiesOf, DEMO_ORIGIN, signIn, signUp, addressSequence } from './support/identity.ts';
import { linkIn, recipients } from './support/mail-catcher.ts';
import { completeSelections } from './support/carts.ts';
import { pdfText } from './support/pdf-text.ts';

const { app, db, mail } = await createTestApp({ withMail: true });
const HARBOUR_HOST = `harbour.${TEST_PORTAL_HOST}`;
const PASSWORD = 'Invited-person-2026';
const manager = (await signIn(app, 'manager@demo.test', TEST_DEMO_PASSWORD)).cookie;
const harbourManager = (await signIn(app, 'manager@harbour.test', TEST_DEMO_PASSWORD, { remoteAddress: '127.0.0.4' }))
  .cookie;
const buyer = (await signIn(app, 'buyer@demo.test', TEST_DEMO_PASSWORD, { remoteAddress: '127.0.0.5' })).cookie;
const [demo] = await db.select().from(projects).where(eq(projects.key, 'demo'));
const freeUnits = (
  await db
    .select()
    .from(items)
    .where(and(eq(items.projectId, demo!.id), eq(items.collection, 'units')))
).filter((row) => (row.data.buyers as string[]).length === 0);

const nextAddress = addressSequence('10.9');

const create = (cookie: string | undefined, payload: object, host?: string) =>
  app.inject({ method: 'POST', url: '/api/access-codes', headers: browserHeaders(cookie, host), payload });
const consume = (code: string, { cookie, host, body }: { cookie?: string; host?: string; body?: object } = {}) =>
  app.inject({
    method: 'POST',
    url: `/api/access-codes/consume/${code}`,
    headers: browserHeaders(cookie, host),
    payload: body ?? {},
    remoteAddress: nextAddress(),
  });
const meOf = async (cookie: string) =>
  (await app.inject({ method: 'GET', url: '/api/me', headers: browserHeaders(cookie) })).json();
const verifyToken = (token: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/one-time-token/verify',
    headers: browserHeaders(),
    payload: { token },
    remoteAddress: nextAddress(),
  });

/** An existing, verified person with a password, signed in or not. */
async function existingPerson(label: string) {
  const email = `${label}-${crypto.randomBytes(4).toString('hex')}@example.test`;
  const response = await signUp(app, email, PASSWORD, nextAddress());
  expect(response.statusCode).toBe(200);
  await db.update(users).set({ emailVerified: true, termsAcceptedAt: new Date() }).where(eq(users.email, email));
  const { cookie } = await signIn(app, email, PASSWORD, { remoteAddress: nextAddress() });
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return { email, cookie, id: row!.id };
}

async function membershipsOf(email: string) {
  const [person] = await db.select().from(users).where(eq(users.email, email));
  if (!person) return [];
  return db
    .select({ projectId: memberships.projectId, role: memberships.role })
    .from(memberships)
    .where(eq(memberships.userId, person.id));
}

const usesOf = async (code: string) => (await db.select().from(accessCodes).where(eq(accessCodes.code, code)))[0]!.uses;

type CodeKind = 'existing' | 'new' | 'none';
type Caller = 'signed-out' | 'that-account' | 'someone-else';
type Role = 'purchaser' | 'manager';
type Host = 'same-project' | 'other-project';

const cases: Array<[CodeKind, Caller, Role, Host]> = [];
for (const kind of ['existing', 'new', 'none'] as const)
  for (const caller of ['signed-out', 'that-account', 'someone-else'] as const)
    for (const role of ['purchaser', 'manager'] as const)
      for (const host of ['same-project', 'other-project'] as const) {
        // A new address or no address has no account to be signed in as.
        if (kind !== 'existing' && caller === 'that-account') continue;
        cases.push([kind, caller, role, host]);
      }

describe(`access codes: who ends up signed in as whom (${testDbKind})`, () => {
  it.each(cases)('code for %s account, caller %s, role %s, opened on the %s host', async (kind, caller, role, host) => {
    const invitee = kind === 'existing' ? await existingPerson('invitee') : null;
    const newEmail = `new-${crypto.randomBytes(4).toString('hex')}@example.test`;
    const codeEmail = kind === 'existing' ? invitee!.email : kind === 'new' ? newEmail : undefined;
    const created = await create(manager, { ...(codeEmail ? { email: codeEmail } : {}), role, maxUses: 1 });
    expect(created.statusCode).toBe(201);
    const { code } = created.json();

    const someoneElse = caller === 'someone-else' ? await existingPerson('bystander') : null;
    const cookie = caller === 'that-account' ? invitee!.cookie : someoneElse?.cookie;
    const hostHeader = host === 'same-project' ? undefined : HARBOUR_HOST;
    // A code made out to nobody asks for the new account's address.
    const body = kind === 'none' ? { email: newEmail } : {};
    const response = await consume(code, { cookie, host: hostHeader, body });

    // The expected outcome, from the rule of docs/access-codes.md.
    if (host === 'other-project') {
      expect(response.statusCode).toBe(404);
    } else if (kind === 'existing' && caller === 'signed-out') {
      expect(response.statusCode).toBe(401);
      expect(response.json().error.details.reason).toBe('link-sign-in');
    } else if (kind === 'existing' && caller === 'that-account') {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ account: 'current', target: '/' });
    } else if (caller === 'someone-else') {
      expect(response.statusCode).toBe(kind === 'none' ? 409 : 403);
    } else {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ account: 'new', target: '/' });
    }

    const succeeded = response.statusCode === 200;
    const body200 = succeeded ? response.json() : null;
    expect(JSON.stringify(response.json())).not.toContain('"token":""');
    if (!succeeded || body200.account === 'current') expect(response.json().token).toBeUndefined();
    expect(await usesOf(code)).toBe(succeeded ? 1 : 0);

    // Whoever a token signs in is a brand-new, unverified account for the code's address: never anyone who existed.
    if (body200?.token) {
      const verified = await verifyToken(body200.token);
      expect(verified.statusCode).toBe(200);
      const me = await meOf(cookiesOf(verified));
      expect(me).toMatchObject({ email: newEmail, emailVerified: false, isAdmin: false });
      const verification = await mail!.waitFor(newEmail, /Confirm your e-mail/);
      expect(linkIn(verification, `${DEMO_ORIGIN}/my-account?mode=verifyEmail&token=`)).toBeTruthy();
    }
    // The caller's own session is still theirs.
    if (cookie)
      expect((await meOf(cookie)).email).toBe(caller === 'that-account' ? invitee!.email : someoneElse!.email);

    // Memberships: only the person the code was redeemed for, with the code's role, in the code's project.
    const granted = succeeded ? (kind === 'existing' ? invitee!.email : newEmail) : null;
    for (const email of [invitee?.email, someoneElse?.email, newEmail].filter((e): e is string => !!e)) {
      const rows = await membershipsOf(email);
      if (email === granted) expect(rows).toEqual([{ projectId: demo!.id, role }]);
      else expect(rows).toEqual([]);
    }
  });
});

describe(`access codes: the attacks that must fail (${testDbKind})`, () => {
  it("never turns a manager's code for the admin's address into the admin's session", async () => {
    const code = (await create(manager, { email: 'admin@demo.test' })).json().code;
    const response = await consume(code);
    expect(response.statusCode).toBe(401);
    expect(response.json().token).toBeUndefined();
    expect(JSON.stringify(response.json())).not.toMatch(/"token"/);
    expect(await usesOf(code)).toBe(0);
    const harbourCode = (await create(harbourManager, { email: 'buyer@demo.test' }, HARBOUR_HOST)).json().code;
    const harbour = await consume(harbourCode, { host: HARBOUR_HOST });
    expect(harbour.statusCode).toBe(401);
    expect(harbour.json().token).toBeUndefined();
  });

  it('does not verify an address by consuming a code for it', async () => {
    const person = await existingPerson('unverified');
    await db.update(users).set({ emailVerified: false }).where(eq(users.id, person.id));
    const code = (await create(manager, { email: person.email })).json().code;
    expect((await consume(code)).statusCode).toBe(401);
    expect((await db.select().from(users).where(eq(users.id, person.id)))[0]!.emailVerified).toBe(false);
  });

  it('stops a code once its creator may no longer grant it, and never grants the admin flag', async () => {
    const leaving = await existingPerson('leaving-manager');
    await db.insert(memberships).values({ projectId: demo!.id, userId: leaving.id, role: 'manager' });
    const email = `late-${crypto.randomBytes(3).toString('hex')}@example.test`;
    const code = (await create(leaving.cookie, { email, role: 'manager' })).json().code;
    await db
      .update(memberships)
      .set({ role: 'purchaser' })
      .where(and(eq(memberships.userId, leaving.id), eq(memberships.projectId, demo!.id)));
    const refused = await consume(code);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.details.reason).toBe('link-withdrawn');
    expect(await membershipsOf(email)).toEqual([]);
    // A buyer cannot make codes at all, and no code field can ask for admin rights.
    expect((await create(buyer, { email: 'x@example.test' })).statusCode).toBe(403);
    expect((await create(manager, { email: 'x@example.test', role: 'admin' })).statusCode).toBe(400);
    expect((await create(manager, { email: 'x@example.test', isAdmin: true })).statusCode).toBe(400);
  });

  it('keeps a code through sign-in: the invited person signs in, then the same code redeems for them', async () => {
    const invitee = await existingPerson('returning');
    const unit = freeUnits.pop()!;
    const code = (await create(manager, { email: invitee.email, unit: unit.id, targetPath: '/configure' })).json().code;
    expect((await consume(code)).statusCode).toBe(401);
    const accepted = await consume(code, { cookie: invitee.cookie });
    expect(accepted.json()).toEqual({ account: 'current', target: '/configure' });
    const [updatedUnit] = await db.select().from(items).where(eq(items.id, unit.id));
    expect(updatedUnit!.data.buyers).toEqual([invitee.id]);
    expect(updatedUnit!.version).toBe(unit.version + 1);
  });

  it('asks for an address for a code made out to nobody, and refuses one that has an account', async () => {
    const code = (await create(manager, { maxUses: 5 })).json().code;
    const asked = await consume(code);
    expect(asked.statusCode).toBe(400);
    expect(asked.json().error.details.reason).toBe('link-email-needed');
    const taken = await consume(code, { body: { email: 'buyer@demo.test' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().token).toBeUndefined();
    expect(await usesOf(code)).toBe(0);
    expect((await consume(code, { body: { email: 'not-an-address' } })).statusCode).toBe(400);
  });

  it('keeps a used sign-in token from working twice', async () => {
    const email = `twice-${crypto.randomBytes(3).toString('hex')}@example.test`;
    const code = (await create(manager, { email })).json().code;
    const { token } = (await consume(code)).json();
    expect((await verifyToken(token)).statusCode).toBe(200);
    expect((await verifyToken(token)).statusCode).toBe(400);
  });
});

describe(`access codes: managing them (${testDbKind})`, () => {
  it('lets a manager invite a new buyer to a unit by e-mail, on the project address', async () => {
    const unit = freeUnits.pop()!;
    const response = await create(manager, {
      email: 'new.buyer@example.test',
      unit: unit.id,
      send: true,
      targetPath: '/configure',
    });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      email: 'new.buyer@example.test',
      unit: unit.id,
      role: 'purchaser',
      maxUses: 1,
      uses: 0,
    });
    expect(created.url).toBe(`${DEMO_ORIGIN}/link/${created.code}`);
    const message = await mail!.waitFor('new.buyer@example.test', /invited/);
    // The mailed link is the copyable one with the proof of the address it was mailed to.
    expect(linkIn(message, `${DEMO_ORIGIN}/link/`)).toMatch(new RegExp(`^${created.url}\\?proof=[\\w-]{22}$`));
    expect(message.text).toContain(`unit ${unit.data.name as string}`);
  });

  it('lets the invited person arrive from the mail in one step: the mailed link proves the address, the copyable one does not', async () => {
    const tag = crypto.randomBytes(3).toString('hex');
    const invite = async (email: string) => {
      const created = (await create(manager, { email, send: true })).json();
      const proof = new URL(linkIn(await mail!.waitFor(email, /invited/), `${DEMO_ORIGIN}/link/`)).searchParams.get(
        'proof',
      )!;
      return { code: created.code as string, url: created.url as string, proof };
    };
    const arrive = async (code: string, body: object) =>
      meOf(cookiesOf(await verifyToken((await consume(code, { body })).json().token)));
    const confirmations = (email: string) =>
      mail!.messages.filter((m) => recipients(m).includes(email) && /Confirm your e-mail/.test(m.subject ?? '')).length;

    const ann = await invite(`ann-${tag}@example.test`);
    // The back office's copy of the link carries no proof: whoever holds it must still confirm the address.
    expect(ann.url).not.toContain(ann.proof);
    // A proof of another invitation, or an altered one, proves nothing: that account confirms its address by mail.
    const bo = await invite(`bo-${tag}@example.test`);
    expect(await arrive(bo.code, { proof: ann.proof })).toMatchObject({ emailVerified: false });
    await mail!.waitFor(`bo-${tag}@example.test`, /Confirm your e-mail/);
    const cy = await invite(`cy-${tag}@example.test`);
    // (Its first character changed: the last of 22 base64url characters carries only two of the bits.)
    expect(
      await arrive(cy.code, { proof: `${cy.proof.startsWith('A') ? 'B' : 'A'}${cy.proof.slice(1)}` }),
    ).toMatchObject({ emailVerified: false });
    // The mailed proof: a verified account, signed in, and no second mail asking to confirm the address.
    expect(await arrive(ann.code, { proof: ann.proof })).toMatchObject({
      email: `ann-${tag}@example.test`,
      emailVerified: true,
    });
    await mail!.waitFor(`cy-${tag}@example.test`, /Confirm your e-mail/);
    expect(confirmations(`ann-${tag}@example.test`)).toBe(0);
  });

  it('a co-buyer couple: the owner invites, the partner arrives from the mail, both write, both sign (a change sets a signature aside), the PDF names both; an invitation stops once its maker leaves the unit', async () => {
    const tag = crypto.randomBytes(3).toString('hex');
    const unit = freeUnits.pop()!;
    const arrive = async (code: string, proof: string) => {
      const used = await consume(code, { body: { proof } });
      expect(used.statusCode, used.body).toBe(200);
      return cookiesOf(await verifyToken(used.json().token));
    };
    const proofOf = async (email: string, subject: RegExp) => {
      const mailed = await mail!.waitFor(email, subject);
      const url = new URL(linkIn(mailed, `${DEMO_ORIGIN}/link/`));
      return { code: url.pathname.split('/').pop()!, proof: url.searchParams.get('proof')!, mailed };
    };
    // The design centre invites the owner, who arrives from the mail and finds their selection.
    const ownerEmail = `owner-${tag}@example.test`;
    expect((await create(manager, { email: ownerEmail, unit: unit.id, send: true })).statusCode).toBe(201);
    const ownerLink = await proofOf(ownerEmail, /invited/);
    const owner = await arrive(ownerLink.code, ownerLink.proof);
    await db.update(users).set({ name: 'Dana Owner' }).where(eq(users.email, ownerEmail));
    const acceptTerms = (cookie: string) =>
      app.inject({ method: 'POST', url: '/api/me/accept-terms', headers: browserHeaders(cookie), payload: {} });
    expect((await acceptTerms(owner)).statusCode).toBe(200);
    const carts = (
      await app.inject({ method: 'GET', url: '/api/schema/carts', headers: browserHeaders(owner) })
    ).json() as Array<{ _id: string }>;
    expect(carts).toHaveLength(1);
    const cartId = carts[0]!._id;

    // The owner invites a co-buyer from a French page; the mail is French, names the owner and the shared selection.
    const partnerEmail = `partner-${tag}@example.test`;
    const invited = await app.inject({
      method: 'POST',
      url: `/api/carts/${cartId}/co-buyers`,
      headers: { ...browserHeaders(owner), 'accept-language': 'fr-CA,fr;q=0.9' },
      payload: { email: partnerEmail },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const partnerLink = await proofOf(partnerEmail, /vous invite/);
    expect(partnerLink.mailed.subject).toContain('Dana Owner');
    expect(partnerLink.mailed.text).toMatch(/achète l’unité .* avec vous/);
    expect(partnerLink.mailed.text).toContain('une seule sélection');
    const partner = await arrive(partnerLink.code, partnerLink.proof);
    expect(await meOf(partner)).toMatchObject({ email: partnerEmail, emailVerified: true });
    expect((await acceptTerms(partner)).statusCode).toBe(200);
    const shared = await app.inject({
      method: 'GET',
      url: `/api/schema/carts/${cartId}`,
      headers: browserHeaders(partner),
    });
    expect(shared.statusCode, shared.body).toBe(200);
    const [unitNow] = await db.select().from(items).where(eq(items.id, unit.id));
    expect((unitNow!.data.buyers as string[]).length).toBe(2);
    // Accepted: no longer counted as waiting.
    expect((await db.select().from(accessCodes).where(eq(accessCodes.code, partnerLink.code)))[0]).toMatchObject({
      uses: 1,
      kind: 'co-buyer-invitation',
    });

    // The couple, on one selection: both write to the design centre; with every buyer signing,
    // the owner's signature waits for the partner, a change of the partner's sets it aside, and
    // once both have signed the PDF names both buyers and both signatures.
    await db.update(users).set({ name: 'Sam Partner' }).where(eq(users.email, partnerEmail));
    const as = (cookie: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
      app.inject({ method, url, headers: browserHeaders(cookie), ...(payload ? { payload } : {}) });
    for (const [who, body] of [
      [owner, 'Could the island be longer?'],
      [partner, 'And the pulls matte black, please.'],
    ] as const)
      expect((await as(who, 'POST', `/api/carts/${cartId}/comments`, { body })).statusCode).toBe(201);
    const thread = (await as(partner, 'GET', `/api/carts/${cartId}/comments`)).json() as {
      comments: Array<{ body: string }>;
    };
    expect(thread.comments.map((comment) => comment.body)).toEqual([
      'Could the island be longer?',
      'And the pulls matte black, please.',
    ]);
    const signing = (value: 'one' | 'every') =>
      as(manager, 'PATCH', `/api/projects/${demo!.id}`, { options: { signing: value } });
    expect((await signing('every')).statusCode).toBe(200);
    try {
      const cartNow = async () =>
        (await as(owner, 'GET', `/api/schema/carts/${cartId}`)).json() as {
          _version: number;
          status: string;
          selections: Array<{ option: string; quantity: number }>;
          signatures?: Array<{ name: string }>;
        };
      const complete = await completeSelections(app, owner, String(unit.data.plan));
      const filled = await as(owner, 'PATCH', `/api/schema/carts/${cartId}`, {
        selections: complete,
        _version: (await cartNow())._version,
      });
      expect(filled.statusCode, filled.body).toBe(200);
      const sign = async (who: string, name: string) =>
        as(who, 'POST', `/api/carts/${cartId}/submit`, {
          signature: name,
          agree: true,
          _version: (await cartNow())._version,
        });
      expect((await sign(owner, 'Dana Owner')).statusCode).toBe(200);
      expect([(await cartNow()).status, (await cartNow()).signatures?.map((s) => s.name)]).toEqual([
        'draft',
        ['Dana Owner'],
      ]);
      // The partner takes a choice back and puts it again: a change, so the owner's signature is set aside.
      const before = await cartNow();
      const changed = await as(partner, 'PATCH', `/api/schema/carts/${cartId}`, {
        selections: before.selections.slice(1),
        _version: before._version,
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect((await cartNow()).signatures ?? []).toEqual([]);
      const restored = await as(partner, 'PATCH', `/api/schema/carts/${cartId}`, {
        selections: before.selections,
        _version: (await cartNow())._version,
      });
      expect(restored.statusCode, restored.body).toBe(200);
      expect((await sign(partner, 'Sam Partner')).statusCode).toBe(200);
      expect((await sign(owner, 'Dana Owner')).statusCode).toBe(200);
      expect((await cartNow()).status).toBe('submitted');
      const pdf = await as(manager, 'GET', `/api/carts/${cartId}/pdf`);
      expect(pdf.statusCode).toBe(200);
      const text = await pdfText(pdf.rawPayload);
      expect(text).toMatch(/Buyers\s+Dana Owner · owner-/);
      expect(text).toMatch(/Sam Partner · partner-/);
      expect(text).toMatch(/Signed by Sam Partner on/);
      expect(text).toMatch(/Signed by Dana Owner on .* for/);
    } finally {
      expect((await signing('one')).statusCode).toBe(200);
    }

    // A second invitation, then the owner leaves the unit: what they made is withdrawn.
    const late = (
      await app.inject({
        method: 'POST',
        url: `/api/carts/${cartId}/co-buyers`,
        headers: browserHeaders(owner),
        payload: { email: `late-${tag}@example.test` },
      })
    ).json();
    const [ownerRow] = await db.select().from(users).where(eq(users.email, ownerEmail));
    await db
      .update(items)
      .set({
        data: { ...unitNow!.data, buyers: (unitNow!.data.buyers as string[]).filter((id) => id !== ownerRow!.id) },
      })
      .where(eq(items.id, unit.id));
    const refused = await consume(late.code);
    expect([refused.statusCode, refused.json().error.details.reason]).toEqual([403, 'link-withdrawn']);
  });

  it('lets a person who arrived without a password choose one, once, and sign in with it', async () => {
    const email = `chooser-${crypto.randomBytes(3).toString('hex')}@example.test`;
    const code = (await create(manager, { email, send: true })).json().code;
    // Arrived from the mail (its proof verifies the address: an unverified account cannot sign in with a password).
    const proof = new URL(linkIn(await mail!.waitFor(email, /invited/), `${DEMO_ORIGIN}/link/`)).searchParams.get(
      'proof',
    )!;
    const cookie = cookiesOf(await verifyToken((await consume(code, { body: { proof } })).json().token));
    const choose = (newPassword: string) =>
      app.inject({
        method: 'POST',
        url: '/api/me/password',
        headers: browserHeaders(cookie),
        payload: { newPassword },
      });
    // Allowed while the welcome steps still hold the person (the terms not accepted yet).
    const weak = await choose('short');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.message).toContain('Choose another password');
    expect((await choose('Chosen-on-arrival-2026')).statusCode).toBe(204);
    expect((await signIn(app, email, 'Chosen-on-arrival-2026', { remoteAddress: nextAddress() })).cookie).toBeTruthy();
    // Once set, it is changed on the account page (with the current one), not here.
    expect((await choose('Another-password-2026')).statusCode).toBe(409);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/me/password',
          headers: browserHeaders(),
          payload: { newPassword: 'Chosen-on-arrival-2026' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('mails an invitation again while it can be used, to its address only, for its project’s managers only', async () => {
    const email = `resent-${crypto.randomBytes(3).toString('hex')}@example.test`;
    const created = (await create(manager, { email })).json();
    const resend = (code: string, cookie = manager, host?: string) =>
      app.inject({
        method: 'POST',
        url: `/api/access-codes/${code}/resend`,
        headers: browserHeaders(cookie, host),
        payload: {},
      });
    expect((await resend(created.code)).statusCode).toBe(200);
    expect(linkIn(await mail!.waitFor(email, /invited/), `${DEMO_ORIGIN}/link/`)).toMatch(
      new RegExp(`^${created.url}\\?proof=`),
    );
    expect((await resend(created.code, buyer)).statusCode).toBe(403);
    expect((await resend(created.code, harbourManager, HARBOUR_HOST)).statusCode).toBe(404);
    const forNobody = (await create(manager, {})).json();
    expect((await resend(forNobody.code)).json().error.code).toBe('rule_broken');
    await app.inject({
      method: 'POST',
      url: `/api/access-codes/${created.code}/revoke`,
      headers: browserHeaders(manager),
      payload: {},
    });
    expect((await resend(created.code)).json().error.message).toContain('can no longer be used');
  });

  it('refuses a used, withdrawn, expired or unknown code with the reason code', async () => {
    const used = (
      await create(manager, { email: `used-${crypto.randomBytes(3).toString('hex')}@example.test` })
    ).json();
    expect((await consume(used.code)).statusCode).toBe(200);
    expect((await consume(used.code)).json().error.details.reason).toBe('link-used');

    const withdrawn = (await create(manager, { email: 'w@example.test' })).json();
    const revoked = await app.inject({
      method: 'POST',
      url: `/api/access-codes/${withdrawn.code}/revoke`,
      headers: browserHeaders(manager),
      payload: {},
    });
    expect(revoked.json().revokedAt).not.toBeNull();
    expect((await consume(withdrawn.code)).json().error.details.reason).toBe('link-withdrawn');

    const expired = (await create(manager, { email: 'e@example.test' })).json();
    await db
      .update(accessCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accessCodes.code, expired.code));
    const expiredResponse = await consume(expired.code);
    expect(expiredResponse.statusCode).toBe(403);
    expect(expiredResponse.json().error.details.reason).toBe('link-expired');

    const unknown = await consume('abcdefghjkmnpqrstuvw');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.details.reason).toBe('link-invalid');
    expect((await consume('BAD!')).statusCode).toBe(400);
  });

  it('gives the last use to exactly one of many people at once', async () => {
    const code = (await create(manager, { email: 'race@example.test', maxUses: 1 })).json().code;
    const results = await Promise.all(Array.from({ length: 8 }, () => consume(code)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.every((r) => r.statusCode < 500)).toBe(true);
    expect(await usesOf(code)).toBe(1);
  });

  it('lets only managers of the project create, list and revoke codes', async () => {
    expect((await create(harbourManager, { email: 'x@example.test' })).statusCode).toBe(403);
    expect((await create(undefined, { email: 'x@example.test' })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url: '/api/access-codes', headers: browserHeaders(buyer) })).statusCode,
    ).toBe(403);
    const list = await app.inject({ method: 'GET', url: '/api/access-codes', headers: browserHeaders(manager) });
    expect(list.statusCode).toBe(200);
    expect(list.json().items.length).toBeGreaterThanOrEqual(4);
    // Each use is dated: the race above used its code once.
    expect(list.json().items.find((c: { email: string }) => c.email === 'race@example.test').lastUsedAt).not.toBeNull();
  });

  it('refuses bad input: unknown unit (422), bad e-mail, unknown fields, sending without an e-mail (400)', async () => {
    expect((await create(manager, { unit: '01900000-0000-7000-8000-000000000000' })).statusCode).toBe(422);
    expect((await create(manager, { email: 'not-an-email' })).statusCode).toBe(400);
    expect((await create(manager, { email: 'a@example.test', admin: true })).statusCode).toBe(400);
    expect((await create(manager, { send: true })).statusCode).toBe(400);
    expect((await create(manager, { maxUses: 0 })).statusCode).toBe(400);
  });

  it('limits guessing: the 21st try from one address in ten minutes is a 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const response = await app.inject({
        method: 'POST',
        url: `/api/access-codes/consume/guess${String(i).padStart(10, '0')}`,
        headers: browserHeaders(),
        payload: {},
        remoteAddress: '10.7.7.7',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
