import { hash } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { InquiryForm } from '@decor/core';
import { createTestApp, testDbKind, TEST_DEMO_PASSWORD } from './support/test-app.ts';
import { browserHeaders, signIn } from './support/identity.ts';

/**
 * Inquiries (docs/public-pages.md, "Inquiries" and "Spam"): a person's inquiry becomes a lead
 * and reaches the managers; the same person within 30 days is one lead; robots are refused or
 * held without a single mail to the managers, and every human-paced inquiry is accepted.
 */
const { app, mail } = await createTestApp({ withMail: true });
const headers = (_address: string) => browserHeaders();
const ask = (address: string) =>
  app.inject({ method: 'GET', url: '/api/inquire/form', headers: headers(address), remoteAddress: address });
const send = (address: string, body: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/inquire',
    headers: headers(address),
    remoteAddress: address,
    payload: body as object,
  });

/** What the browser's worker does: the number whose SHA-256 with the salt is the challenge. */
function solve({ challenge }: InquiryForm): string {
  for (let number = 0; number <= challenge.maxnumber; number++) {
    // The one-shot hash: a thousand robots' proofs are solved here, about three times faster than createHash.
    if (hash('sha256', `${challenge.salt}${number}`) === challenge.challenge) {
      return Buffer.from(
        JSON.stringify({
          algorithm: challenge.algorithm,
          challenge: challenge.challenge,
          number,
          salt: challenge.salt,
          signature: challenge.signature,
        }),
      ).toString('base64');
    }
  }
  throw new Error('no solution');
}

const person = (n: number, extra: Record<string, unknown> = {}) => ({
  firstName: `Alex${String.fromCharCode(97 + (n % 26))}`,
  lastName: 'Martin',
  email: `alex.${n}@example.com`,
  message: 'We are a family of four looking for a three-bedroom home near the park.',
  ...extra,
});
/**
 * A person taking `ms` to fill the form in, without the test waiting for it: the clock the
 * server reads (Date) moves on by that much, and keeps running from there.
 */
function takeTime(ms: number) {
  if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(Date.now() + ms);
}
afterAll(() => vi.useRealTimers());
const forms = (address: string, count: number) =>
  Promise.all(Array.from({ length: count }, async () => (await ask(address)).json() as InquiryForm));
const signedIn = async (email: string) => (await signIn(app, email, TEST_DEMO_PASSWORD)).cookie;

type Lead = Record<string, unknown> & {
  _id: string;
  email: string;
  status: string;
  activities: unknown[];
  news: Record<string, unknown>;
};
const manager = await signedIn('manager@demo.test');
/** Every lead of the project, page by page, as its manager reads them. */
async function leads(): Promise<Lead[]> {
  const all: Lead[] = [];
  for (;;) {
    const after = all.length ? `&afterId=${all.at(-1)!._id}` : '';
    const response = await app.inject({
      method: 'GET',
      url: `/api/schema/leads/?limit=200${after}`,
      headers: browserHeaders(manager),
    });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as Lead[];
    all.push(...page);
    if (page.length < 200) return all;
  }
}
const managerMails = () => mail!.messages.filter((m) => /lead/i.test(m.subject ?? ''));

describe(`inquiries (${testDbKind})`, () => {
  it('keeps a human-paced inquiry as a lead with its consent proof and mails the managers; the same person again is one lead', async () => {
    const [form] = await forms('192.0.2.10', 1);
    expect(form!.newsText).toContain('Maple Residences');
    expect(form!.budgets.length).toBeGreaterThan(1);
    const plan = form!.interests.find((i) => i.kind === 'plan')!;
    takeTime(3_100);
    const answer = await send('192.0.2.10', {
      ...person(1),
      phone: '+1 416 555 0101',
      interest: { kind: 'plan', id: plan.id },
      budget: form!.budgets[1],
      timeline: form!.timelines[0],
      agent: false,
      contact: 'phone',
      news: true,
      code: 'AGENT-unknown-7',
      utm: { source: 'newsletter', campaign: 'spring' },
      page: 'http://demo.localhost/inquire/AGENT-unknown-7',
      token: form!.token,
      proof: solve(form!),
    });
    expect(answer.statusCode, answer.body).toBe(202);
    const newMail = await mail!.waitFor('manager@demo.test', /^New lead: Alexb Martin$/);
    expect(newMail.text).toContain(`Interested in: ${plan.name}`);
    expect(newMail.text).toContain('phone (+1 416 555 0101)');
    expect(newMail.text).toContain('Code: AGENT-unknown-7');
    expect(newMail.text).toContain('Campaign: source: newsletter, campaign: spring');
    expect(newMail.text).toContain(`Budget: ${form!.budgets[1]}`);
    const [lead] = (await leads()).filter((l) => l.email === 'alex.1@example.com');
    expect(lead).toMatchObject({
      status: 'new',
      source: 'inquire',
      code: 'AGENT-unknown-7',
      utm: { source: 'newsletter', campaign: 'spring' },
    });
    expect(lead!.news).toMatchObject({
      subscribed: true,
      text: form!.newsText,
      address: '192.0.2.10',
      page: 'http://demo.localhost/inquire/AGENT-unknown-7',
    });

    // The same token again is refused; a fresh form from the same person is the same lead, and the managers hear "returning".
    expect((await send('192.0.2.10', { ...person(1), token: form!.token, proof: solve(form!) })).json().error.key).toBe(
      'inquiry.form-used',
    );
    const [again] = await forms('192.0.2.11', 1);
    takeTime(3_100);
    expect(
      (
        await send('192.0.2.11', {
          ...person(1),
          email: 'Alex.1@Example.com',
          message: 'Is the corner unit still free?',
          token: again!.token,
          proof: solve(again!),
        })
      ).statusCode,
    ).toBe(202);
    await mail!.waitFor('manager@demo.test', /^Returning lead: Alexb Martin asked again$/);
    const same = (await leads()).filter((l) => l.email === 'alex.1@example.com');
    expect(same).toHaveLength(1);
    expect(same[0]!.activities).toHaveLength(2);
    expect(same[0]!.news).toMatchObject({ subscribed: true });
  }, 30_000);

  it('takes the campaign tags by the names a campaign link carries (utm_source) or short, stores them short, and refuses others', async () => {
    const [form, other] = await forms('192.0.2.80', 2);
    takeTime(3_100);
    const bad = await send('192.0.2.80', {
      ...person(8),
      utm: { utm_source: 'newsletter', affiliate: 'x' },
      token: other!.token,
      proof: solve(other!),
    });
    expect(bad.statusCode).toBe(400);
    const sent = await send('192.0.2.80', {
      ...person(8),
      utm: { utm_source: 'newsletter', utm_campaign: 'autumn', medium: 'email' },
      token: form!.token,
      proof: solve(form!),
    });
    expect(sent.statusCode, sent.body).toBe(202);
    const [lead] = (await leads()).filter((l) => l.email === 'alex.8@example.com');
    expect(lead!.utm).toEqual({ source: 'newsletter', campaign: 'autumn', medium: 'email' });
    // The managers' mail has gone out before the next test counts mails.
    await mail!.waitFor('manager@demo.test', /^New lead: Alexi Martin$/);
  }, 30_000);

  it('takes the lead’s source from the page the server gave the form to, never from what the sender says', async () => {
    const fromWidget = (
      await app.inject({
        method: 'GET',
        url: '/api/embed/form',
        headers: headers('192.0.2.81'),
        remoteAddress: '192.0.2.81',
      })
    ).json() as InquiryForm;
    const [fromPage] = await forms('192.0.2.82', 1);
    takeTime(3_100);
    // A sender who names a source of their own is refused in words: the field is not theirs to fill.
    const claimed = await send('192.0.2.81', {
      ...person(11),
      source: 'display',
      token: fromWidget.token,
      proof: solve(fromWidget),
    });
    expect(claimed.statusCode).toBe(400);
    for (const [address, form, n] of [
      ['192.0.2.81', fromWidget, 12],
      ['192.0.2.82', fromPage!, 13],
    ] as const)
      expect((await send(address, { ...person(n), token: form.token, proof: solve(form) })).statusCode).toBe(202);
    const all = await leads();
    expect(all.find((l) => l.email === 'alex.12@example.com')).toMatchObject({ source: 'embed' });
    expect(all.find((l) => l.email === 'alex.13@example.com')).toMatchObject({ source: 'inquire' });
    // A token altered to say another page no longer verifies.
    const [again] = await forms('192.0.2.83', 1);
    takeTime(3_100);
    const [issued, nonce, , mac] = again!.token.split('.');
    const forged = await send('192.0.2.83', {
      ...person(14),
      token: [issued, nonce, 'embed', mac].join('.'),
      proof: solve(again!),
    });
    expect(forged.json().error.key).toBe('inquiry.form-expired');
    await mail!.waitFor('manager@demo.test', /^New lead: Alexn Martin$/);
  }, 30_000);

  it('keeps every consent proof and what each inquiry stated: a later inquiry under the same address adds, never rewrites', async () => {
    const inquire = async (address: string, fields: Record<string, unknown>) => {
      const [form] = await forms(address, 1);
      takeTime(3_100);
      const sent = await send(address, { ...person(7), token: form!.token, proof: solve(form!), ...fields });
      expect(sent.statusCode, sent.body).toBe(202);
    };
    // The person: their phone, budget and consent, from their address and page.
    await inquire('192.0.2.70', {
      phone: '+1 416 555 0170',
      contact: 'phone',
      news: true,
      page: 'http://demo.localhost/inquire',
    });
    const [first] = (await leads()).filter((l) => l.email === 'alex.7@example.com');
    const proof = first!.news;
    // A stranger under the same address, from elsewhere: another phone, another consent.
    await inquire('198.51.100.9', {
      phone: '+1 212 555 0199',
      contact: 'email',
      news: true,
      page: 'http://demo.localhost/embed',
      message: 'Call me instead.',
    });
    type Kept = {
      phone: string;
      contact: string;
      news: unknown;
      consents: Array<{ address: string; page: string }>;
      activities: Array<{ stated?: { phone?: string } }>;
    };
    const [lead] = (await leads()).filter((l) => l.email === 'alex.7@example.com') as unknown as Kept[];
    // What the first inquiry stated stands; the second's words are in its own activity, its consent is a second proof.
    expect(lead!.phone).toBe('+1 416 555 0170');
    expect(lead!.contact).toBe('phone');
    expect(lead!.news).toEqual(proof);
    expect(lead!.consents.map((c) => [c.address, c.page])).toEqual([
      ['192.0.2.70', 'http://demo.localhost/inquire'],
      ['198.51.100.9', 'http://demo.localhost/embed'],
    ]);
    expect(lead!.activities.map((a) => a.stated?.phone)).toEqual(['+1 416 555 0170', '+1 212 555 0199']);
    await mail!.waitFor('manager@demo.test', /^Returning lead: Alexh Martin asked again$/);
  }, 30_000);

  it('refuses or holds at least 99 % of a thousand robots with no mail to the managers, and accepts every person', async () => {
    const mailsBefore = managerMails().length;
    const leadsBefore = (await leads()).length;
    const results: Array<{ kind: string; status: number; stored: boolean }> = [];
    const record = (kind: string, status: number) => results.push({ kind, status, stored: false });

    // No script: nothing but the fields, or made-up tokens.
    for (let i = 0; i < 400; i++) {
      const body =
        i % 2 ? person(1000 + i) : { ...person(1000 + i), token: `${Date.now() - 10_000}.abc.def`, proof: 'eyJ9' };
      record('no script', (await send(`198.51.100.${i % 250}`, body)).statusCode);
    }
    // Too fast: the form sent the moment it arrived.
    for (const [i, form] of (await forms('203.0.113.1', 200)).entries()) {
      record(
        'too fast',
        (await send(`203.0.113.${1 + (i % 200)}`, { ...person(2000 + i), token: form.token, proof: 'eyJ9' }))
          .statusCode,
      );
    }
    // Forms for the robots that wait like people, and for the people.
    const [honeypot, flood, links, people, replayed] = await Promise.all([
      forms('198.18.0.1', 200),
      forms('198.18.1.1', 100),
      forms('198.18.2.1', 50),
      forms('198.18.3.1', 20),
      forms('198.18.4.1', 1),
    ]);
    takeTime(3_100);
    // Every field filled, the one only robots see included: answered as if accepted, and dropped.
    for (const [i, form] of honeypot.entries())
      record(
        'every field',
        (
          await send(`198.18.0.${1 + (i % 200)}`, {
            ...person(3000 + i),
            website: 'http://spam.example',
            token: form.token,
            proof: 'eyJ9',
          })
        ).statusCode,
      );
    // A flood from one address, proofs solved, the usual advertising in it.
    for (const [i, form] of flood.entries())
      record(
        'flood',
        (
          await send('198.18.1.1', {
            ...person(4000 + i),
            message: `Cheap backlinks at https://spam.example/${i}`,
            token: form.token,
            proof: solve(form),
          })
        ).statusCode,
      );
    // Links in the message, from many addresses: held for review.
    for (const [i, form] of links.entries())
      record(
        'links',
        (
          await send(`198.18.2.${1 + i}`, {
            ...person(5000 + i),
            message: `Visit http://a.example and www.b.example/${i}`,
            token: form.token,
            proof: solve(form),
          })
        ).statusCode,
      );
    // A replayed token: the first send is a person's; fifty copies of it are not.
    const first = { ...person(6000), token: replayed[0]!.token, proof: solve(replayed[0]!) };
    expect((await send('198.18.4.1', first)).statusCode).toBe(202);
    for (let i = 0; i < 50; i++) record('replay', (await send(`198.18.4.${2 + i}`, first)).statusCode);

    // The people: each at their own pace, from their own address.
    for (const [i, form] of people.entries()) {
      const answer = await send(`198.18.3.${1 + i}`, { ...person(7000 + i), token: form.token, proof: solve(form) });
      expect(answer.statusCode, answer.body).toBe(202);
    }

    const stored = (await leads()).slice(0);
    const newOnes = stored.length - leadsBefore;
    const robotLeads = stored.filter((l) => /^alex\.[2-5]\d{3}@/.test(l.email));
    const robotsThrough = robotLeads.filter((l) => l.status !== 'held');
    expect(results.length).toBeGreaterThanOrEqual(1000);
    // Refused (4xx) or accepted-and-dropped (the honeypot) or held: none reached the sales team.
    expect(robotsThrough).toEqual([]);
    expect(robotLeads.length).toBeLessThanOrEqual(60);
    expect(
      results
        .filter((r) => r.kind === 'no script' || r.kind === 'too fast' || r.kind === 'replay')
        .every((r) => r.status >= 400 && r.status < 500),
    ).toBe(true);
    expect(results.filter((r) => r.kind === 'flood' && r.status === 429).length).toBeGreaterThanOrEqual(95);
    expect(newOnes).toBe(robotLeads.length + 21);
    await expect.poll(() => managerMails().length - mailsBefore, { timeout: 10_000 }).toBe(21);
    // The dashboard counts what waits for the sales team.
    const board = (
      await app.inject({ method: 'GET', url: '/api/manage/dashboard', headers: browserHeaders(manager) })
    ).json();
    expect(board.front).toMatchObject({
      leadsNew: stored.filter((l) => l.status === 'new').length,
      leadsHeld: robotLeads.length,
    });
    expect(
      managerMails()
        .slice(mailsBefore)
        .every((m) => /Alex\w Martin/.test(m.subject ?? '') && !/alex\.[2-5]\d{3}/.test(m.text ?? '')),
    ).toBe(true);
  }, 120_000);

  it('is listed for the sales team newest activity first, 50 a page, by status', async () => {
    const all = await leads();
    const pages: Array<{ items: Lead[]; next: string | null }> = [];
    for (let after: string | null = null; pages.length === 0 || after;) {
      const answer = await app.inject({
        method: 'GET',
        url: `/api/manage/leads${after ? `?after=${encodeURIComponent(after)}` : ''}`,
        headers: browserHeaders(manager),
      });
      expect(answer.statusCode, answer.body).toBe(200);
      pages.push(answer.json());
      after = pages.at(-1)!.next;
    }
    const listed = pages.flatMap((page) => page.items);
    expect(pages[0]!.items).toHaveLength(50);
    expect(listed.map((l) => l._id).sort()).toEqual(all.map((l) => l._id).sort());
    const times = listed.map((l) => Date.parse(String(l.updatedAt)));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const held = (
      await app.inject({ method: 'GET', url: '/api/manage/leads?status=held', headers: browserHeaders(manager) })
    ).json();
    expect(held.items.length).toBeGreaterThan(0);
    expect(held.items.every((l: Lead) => l.status === 'held')).toBe(true);
    const buyer = await signedIn('buyer@demo.test');
    expect(
      (await app.inject({ method: 'GET', url: '/api/manage/leads', headers: browserHeaders(buyer) })).statusCode,
    ).toBe(403);
    // A cursor that is not a page's `next` is refused in the error model, never read by the database.
    const someId = listed[0]!._id;
    for (const after of [
      'yesterday',
      `2026-02-31 10:00:00+00|${someId}`,
      `0000-01-01 10:00:00+00|${someId}`,
      `2026-12-01 24:00:00+00|${someId}`,
      `2026-12-01 10:00:00+00|${'-'.repeat(36)}`,
      `${pages[0]!.next!.split('|')[0]}|${someId}'--`,
    ]) {
      const answer = await app.inject({
        method: 'GET',
        url: `/api/manage/leads?after=${encodeURIComponent(after)}`,
        headers: browserHeaders(manager),
      });
      expect(answer.statusCode, after).toBe(400);
      expect(answer.json().error.code, after).toBe('bad_request');
    }
    expect(
      (await app.inject({ method: 'GET', url: '/api/manage/leads?status=maybe', headers: browserHeaders(manager) }))
        .statusCode,
    ).toBe(400);
  });

  it('is read and followed up by the project’s staff only', async () => {
    const buyer = await signedIn('buyer@demo.test');
    const other = await signedIn('manager@harbour.test');
    const visitor = await app.inject({ method: 'GET', url: '/api/schema/leads/', headers: browserHeaders() });
    expect(visitor.statusCode).toBe(401);
    const asBuyer = await app.inject({ method: 'GET', url: '/api/schema/leads/', headers: browserHeaders(buyer) });
    expect(asBuyer.statusCode === 200 ? asBuyer.json() : []).toEqual([]);
    expect(
      (await app.inject({ method: 'GET', url: '/api/schema/leads/', headers: browserHeaders(other) })).statusCode,
    ).toBe(403);
    const [lead] = await leads();
    const change = await app.inject({
      method: 'PATCH',
      url: `/api/schema/leads/${String(lead!._id)}`,
      headers: browserHeaders(buyer),
      payload: { status: 'qualified' },
    });
    expect(change.statusCode).toBeGreaterThanOrEqual(400);
    const followed = await app.inject({
      method: 'PATCH',
      url: `/api/schema/leads/${String(lead!._id)}`,
      headers: browserHeaders(manager),
      payload: { status: 'contacted', _version: lead!._version },
    });
    expect(followed.statusCode, followed.body).toBe(200);
    expect(followed.json().status).toBe('contacted');
    // Given to one of the project's managers, never to anyone else.
    const team = (
      await app.inject({ method: 'GET', url: '/api/manage/leads/team', headers: browserHeaders(manager) })
    ).json() as Array<{
      id: string;
      email: string;
    }>;
    expect(team.map((person) => person.email)).toContain('manager@demo.test');
    expect(
      (await app.inject({ method: 'GET', url: '/api/manage/leads/team', headers: browserHeaders(buyer) })).statusCode,
    ).toBe(403);
    const given = await app.inject({
      method: 'PATCH',
      url: `/api/schema/leads/${String(lead!._id)}`,
      headers: browserHeaders(manager),
      payload: { assignee: team[0]!.id, _version: followed.json()._version },
    });
    expect(given.statusCode, given.body).toBe(200);
    const buyerId = (await app.inject({ method: 'GET', url: '/api/me', headers: browserHeaders(buyer) })).json().user
      ?.id as string | undefined;
    const toBuyer = await app.inject({
      method: 'PATCH',
      url: `/api/schema/leads/${String(lead!._id)}`,
      headers: browserHeaders(manager),
      payload: { assignee: buyerId ?? '01900000-0000-7000-8000-000000000000', _version: given.json()._version },
    });
    expect(toBuyer.statusCode).toBe(400);
    expect(toBuyer.json().error.message).toBe('A lead can be given only to one of the project’s managers.');
  });

  it('refuses a malformed inquiry in words and keeps nothing', async () => {
    const before = (await leads()).length;
    const [form] = await forms('192.0.2.50', 1);
    takeTime(3_100);
    const bad = await send('192.0.2.50', {
      ...person(9000),
      email: 'not an address',
      token: form!.token,
      proof: solve(form!),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/e-mail address/);
    const unknown = await send('192.0.2.50', {
      ...person(9001),
      interest: { kind: 'plan', id: '01900000-0000-7000-8000-000000000000' },
      token: form!.token,
      proof: solve(form!),
    });
    expect(unknown.json().error.key).toBe('inquiry.unknown-interest');
    expect((await leads()).length).toBe(before);
  }, 20_000);

  it('offers its default budgets and timelines in the visitor’s language and the project’s currency, and the managers’ own as written', async () => {
    const formIn = async (language: string) =>
      (
        await app.inject({
          method: 'GET',
          url: '/api/inquire/form',
          headers: { ...headers('192.0.2.60'), 'accept-language': language },
          remoteAddress: '192.0.2.60',
        })
      ).json() as {
        budgets: string[];
        timelines: string[];
      };
    const english = await formIn('en-CA');
    expect(english.budgets).toEqual([
      'Under $500,000',
      '$500,000 to $750,000',
      '$750,000 to $1,000,000',
      'Over $1,000,000',
    ]);
    expect(english.timelines).toEqual([
      'As soon as possible',
      'Within 6 months',
      '6 to 12 months',
      'More than a year',
      'Just looking',
    ]);
    const french = await formIn('fr-CA');
    expect(french.budgets.map((b) => b.replace(/[\u00a0\u202f]/g, ' '))).toEqual([
      'Moins de 500 000 $',
      'De 500 000 $ à 750 000 $',
      'De 750 000 $ à 1 000 000 $',
      'Plus de 1 000 000 $',
    ]);
    expect(french.timelines[0]).toBe('Dès que possible');
  });
});
