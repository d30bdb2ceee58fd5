import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createMailer } from '../src/modules/mail/mailer.ts';
import { sendPaymentReminders } from '../src/modules/payments/payments.reminders.ts';
import { createTestApp, onProject, testDbKind, TEST_DEMO_PASSWORD } from './support/test-app.ts';
import { browserHeaders, signIn } from './support/identity.ts';
import { completeSelections, type Item } from './support/carts.ts';
import { pdfText } from './support/pdf-text.ts';
import { parseCsv } from '@decor/core';

/**
 * A selection's money (docs/payments.md): what a signature makes it owe under the terms of
 * that moment, the ledger the design centre keeps, who may read and write it.
 */
const { app, mail, db, config } = await createTestApp({ withMail: true });
const as = async (email: string) => (await signIn(app, email, TEST_DEMO_PASSWORD)).cookie;
const buyer = await as('buyer@demo.test');
const otherBuyer = await as('olivia.chen@demo.test');
const manager = await as('manager@demo.test');
const marcus = await as('marcus.reid@demo.test');
const priya = await as('priya.reid@demo.test');

const get = (url: string, cookie?: string) => app.inject({ method: 'GET', url, headers: browserHeaders(cookie) });
const post = (url: string, payload: object, cookie?: string) =>
  app.inject({ method: 'POST', url, headers: browserHeaders(cookie), payload });
const money = async (cartId: string, cookie = buyer) => (await get(`/api/carts/${cartId}/payments`, cookie)).json();
const record = (cartId: string, entry: object, cookie = manager) =>
  post(`/api/manage/carts/${cartId}/ledger`, entry, cookie);

async function setOptions(options: Record<string, unknown>) {
  const project = (await get('/api/project', manager)).json() as { _id: string };
  const response = await app.inject({
    method: 'PATCH',
    url: `/api/projects/${project._id}`,
    headers: browserHeaders(manager),
    payload: { options },
  });
  expect(response.statusCode, response.body).toBe(200);
}

const cart = (await get('/api/schema/carts/', buyer)).json()[0] as Item;
const unit = (await get(`/api/schema/units/${cart.unit as string}`, buyer)).json() as Item;

/** A complete selection with upgrades in it: the dearest option without requirements in each required category. */
async function pricedSelections() {
  const options = (await get('/api/schema/options/?limit=200', buyer)).json() as Item[];
  const complete = await completeSelections(app, buyer, unit.plan as string);
  return complete.map((choice) => {
    const category = options.find((o) => o._id === choice.option)!.category;
    const dearest = options
      .filter(
        (o) =>
          o.category === category &&
          (o.requires as string[]).length === 0 &&
          (o.excludes as string[]).length === 0 &&
          ((o.plans as string[]).length === 0 || (o.plans as string[]).includes(unit.plan as string)),
      )
      .sort((a, b) => (b.price as number) - (a.price as number))[0]!;
    return { ...choice, option: dearest._id };
  });
}

async function signCart() {
  const current = (await get(`/api/schema/carts/${cart._id}`, buyer)).json() as Item;
  const patched = await app.inject({
    method: 'PATCH',
    url: `/api/schema/carts/${cart._id}`,
    headers: browserHeaders(buyer),
    payload: { selections: await pricedSelections(), _version: current._version },
  });
  expect(patched.statusCode, patched.body).toBe(200);
  const signed = await post(
    `/api/carts/${cart._id}/submit`,
    { signature: 'Alex Buyer', agree: true, _version: patched.json()._version },
    buyer,
  );
  expect(signed.statusCode, signed.body).toBe(200);
  return signed.json() as { signature: { total: number } };
}

describe(`a selection's money (${testDbKind})`, () => {
  it('is paid offline only without Stripe keys, and says so', async () => {
    expect((await money(cart._id)).card).toBe(false);
    const refused = await post(`/api/carts/${cart._id}/payments/card`, { upTo: 'deposit' }, buyer);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/card payments are not set up/);
    const hook = await app.inject({
      method: 'POST',
      url: '/api/payments/card-webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: '{}',
    });
    expect(hook.statusCode).toBe(404);
  });

  it('owes nothing before it is signed, and nothing can be recorded on it', async () => {
    const before = await money(cart._id);
    expect(before).toMatchObject({ currency: 'CAD', signed: null, schedule: [], entries: [] });
    const refused = await record(cart._id, { kind: 'payment', method: 'cheque', amount: 1000 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('conflict');
  });

  it('owes, once signed, its total with the taxes of that moment: the deposit now, an instalment at framing, the rest at closing', async () => {
    await setOptions({
      depositPercent: 10,
      payments: {
        taxes: [
          { name: 'GST', rate: 5 },
          { name: 'QST', rate: 9.975 },
        ],
        instalments: [{ label: 'Framing', percent: 30, due: { stage: 'Framing' } }],
        offlineInstructions: 'Cheques to Maple Residences Ltd.',
      },
    });
    const { signature } = await signCart();
    expect(signature.total).toBeGreaterThan(100_00);
    const signed = await money(cart._id);
    const gst = Math.round(signature.total * 0.05);
    const qst = Math.round(signature.total * 0.09975);
    expect(signed.signed).toEqual({
      revision: 1,
      net: signature.total,
      taxes: [
        { name: 'GST', rate: 5, amount: gst },
        { name: 'QST', rate: 9.975, amount: qst },
      ],
      gross: signature.total + gst + qst,
    });
    const gross = signed.signed.gross as number;
    expect(
      signed.schedule.map((item: { id: string; amount: number; state: string }) => [item.id, item.amount, item.state]),
    ).toEqual([
      ['deposit', Math.round(gross * 0.1), 'due'],
      ['instalment-1', Math.round(gross * 0.3), 'upcoming'],
      ['balance', gross - Math.round(gross * 0.1) - Math.round(gross * 0.3), 'upcoming'],
    ]);
    expect(signed.offline).toEqual({
      instructions: 'Cheques to Maple Residences Ltd.',
      reference: `DEMO-${unit.name as string}`,
    });
    expect(signed.totals).toEqual({ payments: 0, refunds: 0, credits: 0, paid: 0, balance: gross });

    // Terms changed afterwards do not move what was signed.
    await setOptions({
      depositPercent: 50,
      payments: { taxes: [{ name: 'HST', rate: 13 }], offlineInstructions: 'Cheques to Maple Residences Ltd.' },
    });
    expect(await money(cart._id)).toEqual(signed);
  });

  it('prints the taxes and the schedule in the signed PDF, and none of it in the one without prices', async () => {
    const printed = await pdfText((await get(`/api/carts/${cart._id}/pdf`, buyer)).rawPayload);
    const { signed, schedule } = await money(cart._id);
    for (const words of [
      'Payments',
      'GST (5%)',
      'QST (9.975%)',
      'Total with tax',
      'Framing',
      'At Framing',
      'Balance',
      'Left to pay',
    ])
      expect(printed).toContain(words);
    expect(printed).toContain(`$${(signed.gross / 100).toLocaleString('en-CA', { minimumFractionDigits: 2 })}`);
    expect(printed).toContain(`$${(schedule[0].amount / 100).toLocaleString('en-CA', { minimumFractionDigits: 2 })}`);
    const forTrades = await pdfText((await get(`/api/carts/${cart._id}/pdf?prices=0`, manager)).rawPayload);
    expect(forTrades).not.toContain('Total with tax');
  });

  it('is read by the unit’s buyers and the staff only, and written by the staff only', async () => {
    expect((await get(`/api/carts/${cart._id}/payments`, manager)).statusCode).toBe(200);
    expect((await get(`/api/carts/${cart._id}/payments`, otherBuyer)).statusCode).toBe(404);
    expect((await get(`/api/carts/${cart._id}/payments`)).statusCode).toBe(401);
    const harbour = await as('manager@harbour.test');
    const elsewhere = await app.inject({
      method: 'GET',
      url: `/api/carts/${cart._id}/payments`,
      headers: browserHeaders(harbour, onProject('harbour').host),
    });
    expect(elsewhere.statusCode).toBe(404);
    const byBuyer = await record(cart._id, { kind: 'payment', method: 'cheque', amount: 1000 }, buyer);
    expect(byBuyer.statusCode).toBe(403);
    expect((await get('/api/manage/payments', buyer)).statusCode).toBe(403);
    // A co-buyer reads the same money as the buyer they share the home with.
    const marcusCart = (await get('/api/schema/carts/', marcus)).json()[0] as Item;
    const shared = await get(`/api/carts/${marcusCart._id}/payments`, priya);
    expect(shared.statusCode).toBe(200);
    expect(shared.json()).toEqual(await money(marcusCart._id, marcus));
  });

  it('records a cheque with a receipt number, refuses what does not add up, and changes nothing when it refuses', async () => {
    const before = await money(cart._id);
    const deposit = before.schedule[0].amount as number;
    const paid = await record(cart._id, {
      kind: 'payment',
      method: 'cheque',
      amount: deposit,
      reference: 'Cheque 1042',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const after = paid.json();
    expect(after.entries).toHaveLength(1);
    expect(after.entries[0]).toMatchObject({
      kind: 'payment',
      method: 'cheque',
      amount: deposit,
      reference: 'Cheque 1042',
      byName: expect.any(String),
    });
    expect(after.schedule[0]).toMatchObject({ id: 'deposit', state: 'paid', covered: deposit });
    expect(after.totals).toMatchObject({ paid: deposit, balance: before.totals.balance - deposit });

    const refusals: Array<[object, number, string]> = [
      [{ kind: 'refund', method: 'cheque', amount: deposit + 1, reason: 'Too much' }, 422, 'rule_broken'],
      [{ kind: 'refund', method: 'cheque', amount: 100 }, 400, 'bad_request'],
      [{ kind: 'payment', amount: 100 }, 400, 'bad_request'],
      [{ kind: 'payment', method: 'cheque', amount: -100 }, 400, 'bad_request'],
      [{ kind: 'payment', method: 'cheque', amount: 10.5 }, 400, 'bad_request'],
      [{ kind: 'payment', method: 'cheque', amount: 100, currency: 'USD' }, 400, 'bad_request'],
      [{ kind: 'payment', method: 'cheque', amount: 100, paidOn: '2999-01-01' }, 400, 'bad_request'],
      [{ kind: 'payment', method: 'bitcoin', amount: 100 }, 400, 'bad_request'],
    ];
    for (const [entry, status, code] of refusals) {
      const refused = await record(cart._id, entry);
      expect(refused.statusCode, JSON.stringify(entry)).toBe(status);
      expect(refused.json().error.code).toBe(code);
      expect(refused.json().error.message).not.toMatch(/\bselect\b.*\bfrom\b|insert into|stack|\.ts:\d/i);
    }
    expect(await money(cart._id)).toEqual(after);
  });

  it('mails the buyer the receipt in their language, and gives it to its readers only', async () => {
    const { entries } = await money(cart._id);
    const cheque = entries[0] as { _id: string; receiptNumber: number; amount: number };
    const mailed = await mail!.waitFor('buyer@demo.test', new RegExp(`receipt ${cheque.receiptNumber}$`));
    expect(mailed.subject).toBe(`Unit ${unit.name as string}: receipt ${cheque.receiptNumber}`);
    expect(mailed.text).toMatch(/We received \$[\d,]+\.\d\d for your selection/);
    const attached = mailed.attachments.find((file) => file.contentType === 'application/pdf')!;
    const printed = await pdfText(attached.content);
    expect(printed).toContain(`No. ${cheque.receiptNumber}`);
    expect(printed).toContain('Cheque 1042');
    expect(printed).toContain('Amount received');

    const downloaded = await get(`/api/carts/${cart._id}/receipts/${cheque._id}`, buyer);
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.headers['content-type']).toBe('application/pdf');
    expect(await pdfText(downloaded.rawPayload)).toContain(`No. ${cheque.receiptNumber}`);
    expect((await get(`/api/carts/${cart._id}/receipts/${cheque._id}`, otherBuyer)).statusCode).toBe(404);
    expect((await get(`/api/carts/${cart._id}/receipts/${cart._id}`, buyer)).statusCode).toBe(404);

    // A buyer who reads French gets the next one in French.
    const patched = await app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: browserHeaders(buyer),
      payload: { language: 'fr-CA' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    try {
      const credit = await record(cart._id, { kind: 'credit', amount: 100, reason: 'Geste commercial' });
      const number = (credit.json().entries.at(-1) as { receiptNumber: number }).receiptNumber;
      const french = await mail!.waitFor('buyer@demo.test', new RegExp(`note de crédit ${number}$`));
      expect(french.subject).toBe(`Unité ${unit.name as string}\u00a0: note de crédit ${number}`);
      expect(await pdfText(french.attachments[0]!.content)).toContain('Montant crédité');
      await record(cart._id, { kind: 'payment', method: 'cheque', amount: 100, reference: 'Rattrapage' });
    } finally {
      await app.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: browserHeaders(buyer),
        payload: { language: 'en' },
      });
    }
  });

  it('takes a partial refund and a credit note off what is owed, with their reasons', async () => {
    const before = await money(cart._id);
    const refunded = await record(cart._id, { kind: 'refund', method: 'cheque', amount: 5_000, reason: 'Overpaid' });
    expect(refunded.statusCode, refunded.body).toBe(201);
    const credited = await record(cart._id, {
      kind: 'credit',
      amount: 12_500,
      reason: 'Backsplash removed by change order',
    });
    expect(credited.statusCode, credited.body).toBe(201);
    const after = credited.json();
    expect(after.entries.slice(-2).map((e: { kind: string }) => e.kind)).toEqual(['refund', 'credit']);
    expect(after.entries.at(-1)).toMatchObject({ method: null, reason: 'Backsplash removed by change order' });
    expect(after.totals).toEqual({
      payments: before.totals.payments,
      refunds: before.totals.refunds + 5_000,
      credits: before.totals.credits + 12_500,
      paid: before.totals.paid - 5_000,
      balance: before.totals.balance + 5_000 - 12_500,
    });
  });

  it('refunds no more than was paid when twenty refunds arrive at once, and numbers receipts without a gap', async () => {
    const { totals } = await money(cart._id);
    const each = Math.ceil(totals.paid / 8);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        record(cart._id, { kind: 'refund', method: 'wire', amount: each, reason: 'Duplicate' }),
      ),
    );
    const accepted = answers.filter((answer) => answer.statusCode === 201).length;
    expect(accepted).toBe(Math.floor(totals.paid / each));
    expect(answers.every((answer) => [201, 422].includes(answer.statusCode))).toBe(true);
    const after = await money(cart._id);
    expect(after.totals.paid).toBe(totals.paid - accepted * each);
    expect(after.totals.paid).toBeGreaterThanOrEqual(0);
    const numbers = after.entries
      .map((entry: { receiptNumber: number }) => entry.receiptNumber)
      .sort((a: number, b: number) => a - b);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => numbers[0] + i));
  });

  it("exports the period's receipts for the accountant, adding up to the ledger, with each tax by name", async () => {
    const exported = await get('/api/manage/payments.csv', manager);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [heading, ...rows] = parseCsv(exported.body.replace(/^\ufeff/, ''));
    const column = (name: string) => heading!.indexOf(name);
    expect(heading).toEqual(
      expect.arrayContaining([
        'receipt',
        'entry_id',
        'amount',
        'currency',
        'tax_GST',
        'tax_QST',
        'unit',
        'selection_id',
      ]),
    );
    const ours = rows.filter((row) => row[column('selection_id')] === cart._id);
    const { totals, entries } = await money(cart._id);
    expect(ours.map((row) => row[column('entry_id')])).toEqual(entries.map((entry: { _id: string }) => entry._id));
    const cents = (text: string) => Math.round(Number(text) * 100);
    expect(ours.reduce((sum, row) => sum + cents(row[column('amount')]!), 0)).toBe(
      totals.payments - totals.refunds - totals.credits,
    );
    // Each amount's taxes are its share of the signed taxes: GST 5 % and QST 9.975 % of the amount before tax.
    for (const row of ours) {
      const amount = cents(row[column('amount')]!);
      const beforeTax = amount / (1 + 0.05 + 0.09975);
      expect(Math.abs(cents(row[column('tax_GST')]!) - beforeTax * 0.05)).toBeLessThanOrEqual(1);
      expect(Math.abs(cents(row[column('tax_QST')]!) - beforeTax * 0.09975)).toBeLessThanOrEqual(1);
    }
    expect(ours.every((row) => row[column('unit')] === unit.name && row[column('currency')] === 'CAD')).toBe(true);
    expect((await get('/api/manage/payments.csv', buyer)).statusCode).toBe(403);
    expect((await get('/api/manage/payments.csv?from=2027-02-01&to=2027-01-01', manager)).statusCode).toBe(400);
    expect((await get('/api/manage/payments.csv?from=2020-01-01&to=2027-01-01', manager)).statusCode).toBe(400);
    expect((await get('/api/manage/payments.csv?since=2027-01-01', manager)).statusCode).toBe(400);
  });

  it('lists every signed selection for the staff with what is paid and what is next', async () => {
    const list = (await get('/api/manage/payments', manager)).json() as Array<{
      cart: string;
      unit: { name: string };
      state: string;
      balance: number;
    }>;
    const mine = list.find((row) => row.cart === cart._id)!;
    expect(mine.unit.name).toBe(unit.name);
    expect(mine.balance).toBe((await money(cart._id)).totals.balance);
    const due = (await get('/api/manage/payments?state=due', manager)).json() as Array<{ state: string }>;
    expect(due.every((row) => row.state === 'due')).toBe(true);
    expect((await get('/api/manage/payments?state=late', manager)).statusCode).toBe(400);

    // By floor and plan (the plan named), and by the day the next amount falls due.
    type Row = {
      cart: string;
      unit: { floor: number; plan: string; planName: string };
      next: { dueDay: string | null };
    };
    const all = list as unknown as Row[];
    const ours = all.find((row) => row.cart === cart._id)!;
    expect(ours.unit).toMatchObject({ floor: unit.floor, plan: unit.plan });
    const plan = (await get(`/api/schema/plans/${unit.plan as string}`, manager)).json() as Item;
    expect(ours.unit.planName).toBe(plan.name);
    const onFloor = (await get(`/api/manage/payments?floor=${unit.floor as number}`, manager)).json() as Row[];
    expect(onFloor.map((row) => row.cart).sort()).toEqual(
      all
        .filter((row) => row.unit.floor === unit.floor)
        .map((row) => row.cart)
        .sort(),
    );
    const ofPlan = (await get(`/api/manage/payments?plan=${unit.plan as string}`, manager)).json() as Row[];
    expect(ofPlan.length).toBeGreaterThan(0);
    expect(ofPlan.every((row) => row.unit.plan === unit.plan)).toBe(true);
    const byDay = (await get('/api/manage/payments?dueBy=2026-12-31', manager)).json() as Row[];
    expect(byDay.every((row) => row.next.dueDay !== null && row.next.dueDay <= '2026-12-31')).toBe(true);
    expect(byDay.length).toBe(all.filter((row) => row.next?.dueDay && row.next.dueDay <= '2026-12-31').length);
    expect((await get('/api/manage/payments?dueBy=31/12/2026', manager)).statusCode).toBe(400);
  });

  it('shows how to pay offline (bank details) to the staff and, with their selection, to its buyers: nobody else', async () => {
    const asStaff = (await get('/api/project', manager)).json() as {
      options: { payments: { offlineInstructions: string } };
    };
    expect(asStaff.options.payments.offlineInstructions).toBe('Cheques to Maple Residences Ltd.');
    for (const reader of ['', buyer, otherBuyer]) {
      const answer = (await get('/api/project', reader)).json() as {
        options: { payments: { offlineInstructions: string } };
      };
      expect(answer.options.payments.offlineInstructions).toBe('');
    }
    expect((await money(cart._id)).offline.instructions).toBe('Cheques to Maple Residences Ltd.');
    // The page itself carries the project as the API answers its reader.
    const inPage = async (cookie?: string) => {
      const html = (await get('/', cookie)).body;
      const data = /<script type="application\/json" id="project-data">([\s\S]*?)<\/script>/.exec(html)![1]!;
      return (JSON.parse(data) as { options: { payments: { offlineInstructions: string } } }).options.payments;
    };
    expect((await inPage()).offlineInstructions).toBe('');
    expect((await inPage(buyer)).offlineInstructions).toBe('');
    expect((await inPage(manager)).offlineInstructions).toBe('Cheques to Maple Residences Ltd.');

    // Written in French too: a French reader reads it in French; still nobody else.
    const current = (await get('/api/project', manager)).json() as { options: { translations?: object } };
    await setOptions({
      translations: {
        ...current.options.translations,
        'fr-CA': { offlineInstructions: 'Chèques à l’ordre de Maple Residences Ltée.' },
      },
    });
    const inFrench = await app.inject({
      method: 'GET',
      url: `/api/carts/${cart._id}/payments`,
      headers: { ...browserHeaders(buyer), 'accept-language': 'fr-CA' },
    });
    expect(inFrench.json().offline.instructions).toBe('Chèques à l’ordre de Maple Residences Ltée.');
    const visitor = (await get('/api/project')).json() as { options: { translations?: Record<string, object> } };
    expect(JSON.stringify(visitor.options.translations ?? {})).not.toContain('Chèques');
    const staff = (await get('/api/project', manager)).json() as { options: { translations: Record<string, object> } };
    expect(staff.options.translations['fr-CA']).toMatchObject({
      offlineInstructions: 'Chèques à l’ordre de Maple Residences Ltée.',
    });
  });

  it('approves, where the project asks the deposit first, only once it is paid, and the refusal changes nothing', async () => {
    const project = (await get('/api/project', manager)).json() as { options: { payments?: object } };
    await setOptions({ payments: { ...project.options.payments, depositBeforeApproval: true } });
    try {
      const refused = await post(`/api/carts/${cart._id}/approve`, {}, manager);
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().error).toMatchObject({ code: 'rule_broken', key: 'payments.deposit-first' });
      const awaited = refused.json().error.details.awaited as number;
      expect(awaited).toBeGreaterThan(0);
      expect(((await get(`/api/schema/carts/${cart._id}`, manager)).json() as Item).status).toBe('submitted');
      // The review queue says what each selection still awaits.
      const queued = (await get('/api/manage/review-queue', manager)).json() as Array<{
        _id: string;
        depositAwaited: number;
      }>;
      expect(queued.find((row) => row._id === cart._id)!.depositAwaited).toBe(awaited);
      expect(
        await record(cart._id, { kind: 'payment', method: 'wire', amount: awaited, reference: 'Wire 77' }).then(
          (r) => r.statusCode,
        ),
      ).toBe(201);
      const queuedPaid = (await get('/api/manage/review-queue', manager)).json() as Array<{
        _id: string;
        depositAwaited: number;
      }>;
      expect(queuedPaid.find((row) => row._id === cart._id)!.depositAwaited).toBe(0);
      const approved = await post(`/api/carts/${cart._id}/approve`, {}, manager);
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().status).toBe('approved');
      // Purchasing shows what the purchase has brought in, as the selection's own money says.
      const { totals, signed } = await money(cart._id, manager);
      const purchasing = (await get('/api/manage/purchasing', manager)).json() as {
        money: Array<{ unit: string; gross: number; paid: number; credits: number; outstanding: number }>;
      };
      expect(purchasing.money.find((row) => row.unit === unit.name)).toEqual({
        unit: unit.name,
        floor: unit.floor,
        gross: signed.gross,
        paid: totals.paid,
        credits: totals.credits,
        outstanding: totals.balance,
      });
    } finally {
      await setOptions({ payments: { ...project.options.payments, depositBeforeApproval: false } });
    }
  });
});

describe(`payment reminders (${testDbKind})`, () => {
  it('mails an amount coming due at the project’s steps, and once just overdue, in the buyer’s language, once each (controllable clock)', async () => {
    const outbox = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db, log: app.log });
    const theirs = (await get('/api/schema/carts/', otherBuyer)).json()[0] as Item;
    const theirUnit = (await get(`/api/schema/units/${theirs.unit as string}`, otherBuyer)).json() as Item;
    // Olivia's selection (signed in the demo, nothing paid) was signed under terms with an
    // instalment on a day: 20 % of her $4,480.00 with tax, on Saturday, March 8, 2031.
    await db.execute(
      sql`UPDATE payment_plans SET terms = jsonb_set(terms, '{instalments}', '[{"label": "Drywall", "percent": 20, "due": {"date": "2031-03-08"}}]'::jsonb)
           WHERE cart_id = ${theirs._id}`,
    );
    await db.execute(sql`DELETE FROM cart_reminders`);
    await setOptions({ remindAfterDeadline: true, reminderDays: [7, 1] });
    // Noon in Vancouver, a week before; every other amount of the demo is long overdue or due at a stage.
    const weekBefore = new Date('2031-03-01T20:00:00Z');
    expect(await sendPaymentReminders({ db, mailer: outbox, config, now: weekBefore })).toBe(1);
    const week = await mail!.waitFor('olivia.chen@demo.test', /Drywall/);
    expect(week.subject).toBe(`Unit ${theirUnit.name as string}: Drywall of $896.00 is due Saturday, March 8, 2031`);
    expect(week.text).toContain(`/config/${theirs._id}`);
    expect(await sendPaymentReminders({ db, mailer: outbox, config, now: weekBefore })).toBe(0);

    // The day after, in French: overdue, said once.
    const patched = await app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: browserHeaders(otherBuyer),
      payload: { language: 'fr-CA' },
    });
    expect(patched.statusCode).toBe(200);
    const dayAfter = new Date('2031-03-09T20:00:00Z');
    expect(await sendPaymentReminders({ db, mailer: outbox, config, now: dayAfter })).toBe(1);
    const late = await mail!.waitFor('olivia.chen@demo.test', /en retard/);
    expect(late.subject).toBe(
      `Unité ${theirUnit.name as string}\u00a0: Drywall de 896,00\u00a0$ en retard depuis le samedi 8 mars 2031`,
    );
    expect(await sendPaymentReminders({ db, mailer: outbox, config, now: dayAfter })).toBe(0);
    // A week and more after, it is the design centre's to chase.
    expect(await sendPaymentReminders({ db, mailer: outbox, config, now: new Date('2031-03-20T20:00:00Z') })).toBe(0);
  });
});
