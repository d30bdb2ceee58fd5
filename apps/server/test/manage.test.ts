import { describe, expect, it } from 'vitest';
import { DASHBOARD_LISTS, formatCalendarDay, formatDateTime, reviewDueBy, type DashboardFigure } from '@decor/core';
import { createTestApp, testDbKind, TEST_DEMO_PASSWORD } from './support/test-app.ts';
import { browserHeaders, signIn } from './support/identity.ts';
import { completeSelections, type Item } from './support/carts.ts';
import { recipients, REFUSED_DOMAIN } from './support/mail-catcher.ts';
import { pdfText } from './support/pdf-text.ts';

/**
 * The back office (docs/back-office.md): its reads, bulk changes, the decisions on a cart and
 * the mail they send, across every standing, on both databases.
 */
const { app, mail } = await createTestApp({ withMail: true });
const cookieOf = async (email: string) => (await signIn(app, email, TEST_DEMO_PASSWORD)).cookie;

const WHO = ['visitor', 'buyer', 'coBuyer', 'otherBuyer', 'manager', 'otherManager', 'admin'] as const;
type Who = (typeof WHO)[number];
const cookies: Record<Who, string | undefined> = {
  visitor: undefined,
  buyer: await cookieOf('marcus.reid@demo.test'),
  coBuyer: await cookieOf('priya.reid@demo.test'),
  otherBuyer: await cookieOf('buyer@harbour.test'),
  manager: await cookieOf('manager@demo.test'),
  otherManager: await cookieOf('manager@harbour.test'),
  admin: await cookieOf('admin@demo.test'),
};
const call = (who: Who, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url, headers: browserHeaders(cookies[who]), ...(payload ? { payload } : {}) });

const STAFF_ONLY = {
  visitor: 401,
  buyer: 403,
  coBuyer: 403,
  otherBuyer: 403,
  manager: 200,
  otherManager: 403,
  admin: 200,
};
async function statuses(request: (who: Who) => Promise<{ statusCode: number }>) {
  const result = {} as Record<Who, number>;
  for (const who of WHO) result[who] = (await request(who)).statusCode;
  return result;
}

type CartRow = {
  _id: string;
  status: string;
  total: number;
  deadline: string | null;
  revision: number;
  unit: { _id: string; name: string; floor: number } | null;
  buyers: Array<{ email: string }>;
  missing?: { count: number; list: string[] };
};
type Page<T> = { items: T[]; next: string | null };
const cartsPage = async (query = '') =>
  (await call('manager', 'GET', `/api/manage/carts${query}`)).json() as Page<CartRow>;

describe(`the back office (${testDbKind})`, () => {
  it('is for the project’s managers and administrators only, on every route', async () => {
    const units = ((await call('manager', 'GET', '/api/manage/units')).json() as Page<{ _id: string; status: string }>)
      .items;
    const carts = (await cartsPage()).items;
    for (const url of [
      '/api/manage/dashboard',
      '/api/manage/carts',
      `/api/manage/carts/${carts[0]!._id}`,
      `/api/manage/carts/${carts[0]!._id}/history`,
      '/api/manage/units',
      '/api/manage/purchasing',
      '/api/manage/purchasing.csv',
      '/api/manage/catalogue-check',
      '/api/access-codes',
      '/api/manage/buyers',
    ]) {
      expect(await statuses((who) => call(who, 'GET', url)), url).toEqual(STAFF_ONLY);
    }
    const bulk = { units: [units[0]!._id], status: units[0]!.status };
    expect(await statuses((who) => call(who, 'POST', '/api/manage/units/bulk', bulk))).toEqual(STAFF_ONLY);
    const invite = (who: Who) =>
      call(who, 'POST', '/api/access-codes/bulk', { invitations: [{ email: `${who}-x@example.com` }], send: false });
    expect(await statuses(invite)).toEqual({ ...STAFF_ONLY, manager: 201, admin: 201 });
  });

  it('lets only the project’s staff decide on a cart: every decision across every standing', async () => {
    const [approved] = (await cartsPage('?status=approved')).items;
    const [submitted] = (await cartsPage('?status=submitted')).items;
    const decisions = [
      { action: 'approve', cart: submitted!, body: {} },
      { action: 'return', cart: submitted!, body: { comment: 'Nope' } },
      { action: 'reopen', cart: approved!, body: { fee: 100 } },
      { action: 'extend', cart: approved!, body: { deadline: new Date(Date.now() + 86_400_000).toISOString() } },
    ];
    for (const { action, cart, body } of decisions) {
      const result = {} as Record<Who, number>;
      for (const who of ['visitor', 'buyer', 'coBuyer', 'otherBuyer', 'otherManager'] as const) {
        result[who] = (await call(who, 'POST', `/api/carts/${cart._id}/${action}`, body)).statusCode;
      }
      // The buyers of the approved cart are refused as buyers (403); nobody else may even see it.
      expect(result, action).toEqual({
        visitor: 401,
        buyer: action === 'reopen' || action === 'extend' ? 403 : 404,
        coBuyer: action === 'reopen' || action === 'extend' ? 403 : 404,
        otherBuyer: 403,
        otherManager: 403,
      });
    }
    // Nothing changed.
    expect((await call('manager', 'GET', `/api/manage/carts/${submitted!._id}`)).json().status).toBe('submitted');
    expect((await call('manager', 'GET', `/api/manage/carts/${approved!._id}`)).json()).toMatchObject({
      status: 'approved',
      revision: 1,
    });
  });

  it('names the required choices a selection lacks, which its buyers must make before they sign a change order', async () => {
    // An open selection with few choices yet (the demo's signed ones have every required choice).
    const approved = (await cartsPage('?status=draft')).items.find((row) => row.unit?.name === '402');
    const row = (await call('manager', 'GET', `/api/manage/carts/${approved!._id}`)).json() as CartRow;
    // The required choices it lacks, read from the catalogue itself: each required category in each of its rooms the
    // unit's plan has, unless a choice of it is in that room or in no room (the whole home).
    const cart = (await call('manager', 'GET', `/api/schema/carts/${approved!._id}`)).json() as Item & {
      unit: string;
      selections: Array<{ option: string; room?: string }>;
    };
    const unit = (await call('manager', 'GET', `/api/schema/units/${cart.unit}`)).json() as Item;
    const plan = (await call('manager', 'GET', `/api/schema/plans/${String(unit.plan)}`)).json() as Item & {
      rooms: string[];
    };
    const options = (await call('manager', 'GET', '/api/schema/options/?limit=200')).json() as Item[];
    const categories = (await call('manager', 'GET', '/api/schema/categories/?limit=200')).json() as Array<
      Item & { rooms: string[] }
    >;
    const lacking = categories
      .filter((c) => c.required)
      .flatMap((c) => {
        const choices = cart.selections.filter((s) => options.find((o) => o._id === s.option)?.category === c._id);
        if (choices.some((s) => !s.room)) return [];
        const rooms = c.rooms.length ? c.rooms.filter((room) => plan.rooms.includes(room)) : [null];
        return rooms.filter((room) => room === null || !choices.some((s) => s.room === room)).map(() => String(c.name));
      });
    expect(lacking.length).toBeGreaterThan(0);
    expect(row.missing!.count).toBe(lacking.length);
    expect(row.missing!.list.map((line) => line.replace(/ \(.*\)$/, '')).sort()).toEqual([...new Set(lacking)].sort());
    // The list of selections does not compute it for every row.
    expect((await cartsPage('?status=draft')).items[0]).not.toHaveProperty('missing');
  });

  it('lists every unit’s cart with its buyers, filters it, and pages it by keyset', async () => {
    const all = await cartsPage();
    expect(all.items.length).toBe(6);
    expect(all.next).toBeNull();
    const reid = all.items.find((c) => c.unit?.name === '304')!;
    expect(reid.buyers.map((b) => b.email).sort()).toEqual(['marcus.reid@demo.test', 'priya.reid@demo.test']);
    expect(reid.status).toBe('approved');
    // One cart's row is its row of the list, with what it still lacks.
    const { missing, ...one } = (await call('manager', 'GET', `/api/manage/carts/${reid._id}`)).json() as CartRow;
    expect(one).toEqual(reid);
    expect(missing).toMatchObject({ count: expect.any(Number), list: expect.any(Array) });
    expect((await call('manager', 'GET', '/api/manage/carts/01900000-0000-7000-8000-000000000000')).statusCode).toBe(
      404,
    );
    expect((await cartsPage('?status=submitted')).items.map((c) => c.unit?.name)).toEqual(['203']);
    expect((await cartsPage('?status=locked')).items.map((c) => c.unit?.name)).toEqual(['602']);
    // "Review overdue" lists signed selections only; "signed" both the submitted and the approved.
    expect((await cartsPage('?overdue=1')).items.every((c) => c.status === 'submitted')).toBe(true);
    expect((await cartsPage('?status=signed')).items.map((c) => c.status).sort()).toEqual(['approved', 'submitted']);
    expect((await cartsPage('?status=locked')).items.map((c) => c.unit?.name)).toEqual(['602']);
    // Drafts due within 7 days: 501 (5 days); 602 has passed, 402 and 701 are further away.
    expect((await cartsPage('?due=week')).items.map((c) => c.unit?.name)).toEqual(['501']);
    expect((await cartsPage('?q=priya')).items.map((c) => c.unit?.name)).toEqual(['304']);
    expect((await cartsPage('?q=%25')).items).toEqual([]);
    expect((await cartsPage(`?floor=${reid.unit!.floor}`)).items.every((c) => c.unit!.floor === reid.unit!.floor)).toBe(
      true,
    );
    // Sorted by floor, then unit.
    const floors = all.items.map((c) => c.unit!.floor);
    expect(floors).toEqual([...floors].sort((a, b) => a - b));
    // A bad cursor is a 400 with a sentence, not a 500.
    const bad = await call('manager', 'GET', '/api/manage/carts?after=bm90LWEtY3Vyc29y');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/not valid any more/);
  });

  it('pages 50 at a time through the units, never twice the same one', async () => {
    const seen: string[] = [];
    let next: string | null = null;
    let pages = 0;
    do {
      const query: string = next ? `?after=${next}` : '';
      const page = (await call('manager', 'GET', `/api/manage/units${query}`)).json() as Page<{ _id: string }>;
      expect(page.items.length).toBeLessThanOrEqual(50);
      seen.push(...page.items.map((u) => u._id));
      next = page.next;
      pages += 1;
    } while (next && pages < 10);
    const units = (await call('manager', 'GET', '/api/schema/units/?limit=200')).json() as Item[];
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.sort()).toEqual(units.map((u) => u._id).sort());
  });

  it('names the most chosen upgrades and categories in the reader’s language', async () => {
    const french = (
      await app.inject({
        method: 'GET',
        url: '/api/manage/dashboard',
        headers: { ...browserHeaders(cookies.manager), 'accept-language': 'fr-CA' },
      })
    ).json();
    const english = (await call('manager', 'GET', '/api/manage/dashboard')).json();
    const items = [
      ...((await call('manager', 'GET', '/api/schema/options/?limit=200')).json() as Item[]),
      ...((await call('manager', 'GET', '/api/schema/categories/?limit=200')).json() as Item[]),
    ];
    const frenchName = (id: string) => {
      const item = items.find((i) => i._id === id) as Item & { translations?: Record<string, { name?: string }> };
      return item.translations?.['fr-CA']?.name || String(item.name);
    };
    expect(french.topOptions.length).toBeGreaterThan(0);
    expect(french.topOptions.map((o: { id: string; name: string }) => o.name)).toEqual(
      french.topOptions.map((o: { id: string }) => frenchName(o.id)),
    );
    expect(french.topCategories.map((c: { id: string; name: string }) => c.name)).toEqual(
      french.topCategories.map((c: { id: string }) => frenchName(c.id)),
    );
    // The demo writes its catalogue in French too: the two readers see different words.
    expect(french.topOptions.map((o: { name: string }) => o.name)).not.toEqual(
      english.topOptions.map((o: { name: string }) => o.name),
    );
  });

  it('counts units, buyers, carts, deadlines and revenue, and the most chosen upgrades', async () => {
    const response = await call('manager', 'GET', '/api/manage/dashboard');
    expect(response.statusCode).toBe(200);
    const board = response.json();
    const units = (await call('manager', 'GET', '/api/schema/units/?limit=200')).json() as Item[];
    const byStatus = (status: string) => units.filter((u) => u.status === status).length;
    expect(board.units).toEqual({
      available: byStatus('available'),
      reserved: byStatus('reserved'),
      sold: byStatus('sold'),
    });
    expect(board.carts).toEqual({ draft: 3, locked: 1, submitted: 1, approved: 1 });
    expect(board.deadlines.week).toBe(1);
    const carts = (await call('manager', 'GET', '/api/schema/carts/?limit=200')).json() as Item[];
    const sumOf = (status: string) =>
      carts.filter((c) => c.status === status).reduce((sum, c) => sum + Number(c.total), 0);
    expect(board.revenue.approved).toBe(sumOf('approved'));
    expect(board.revenue.pending).toBe(sumOf('submitted'));
    expect(board.buyers.submitted).toBe(2);
    expect(board.buyers.approved).toBe(1);
    // Everyone this suite signed in has signed in; the project's buyers are members.
    expect(board.buyers.signedIn).toBeGreaterThanOrEqual(2);
    expect(board.buyers.joined).toBeGreaterThanOrEqual(board.buyers.signedIn);
    expect(board.topOptions.length).toBeGreaterThan(0);
    const counts = board.topOptions.map((o: { count: number }) => o.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    // Categories by upgrade revenue, largest first (numbers, not text: 12,500 before 8,400).
    const upgrades = board.topCategories.map((c: { upgrades: number }) => c.upgrades);
    expect(upgrades.every((u: unknown) => typeof u === 'number')).toBe(true);
    expect(upgrades).toEqual([...upgrades].sort((a, b) => b - a));
  });

  it('counts every figure of the dashboard as the rows of the list it opens', async () => {
    // A link for anyone (the sales centre's QR) and a revoked invitation are no one waiting.
    await call('manager', 'POST', '/api/access-codes', { maxUses: 100 });
    const revoked = (await call('manager', 'POST', '/api/access-codes', { email: 'changed-mind@example.com' })).json();
    await call('manager', 'POST', `/api/access-codes/${revoked.code}/revoke`, {});
    await call('manager', 'POST', '/api/access-codes', { email: 'waiting@example.com' });
    // The list behind a page and its filter: the pages' filters are the API's.
    const api = (page: string, search: Record<string, unknown>) => {
      const query = new URLSearchParams(
        Object.entries(search).map(([key, value]): [string, string] => [key, String(value)]),
      );
      if (page === '/manage/carts/{-$id}') return `/api/manage/carts?${query}`;
      if (search.show === 'waiting') return `/api/access-codes?${query}`;
      return `/api/manage/buyers?${query}`;
    };
    const rowsOf = async (url: string) => {
      let count = 0;
      for (let next: string | null = ''; next !== null;) {
        const page = (await call('manager', 'GET', `${url}${next ? `&after=${next}` : ''}`)).json() as Page<unknown>;
        count += page.items.length;
        next = page.next;
      }
      return count;
    };
    const board = (await call('manager', 'GET', '/api/manage/dashboard')).json();
    for (const [figure, { page, search }] of Object.entries(DASHBOARD_LISTS) as Array<
      [DashboardFigure, (typeof DASHBOARD_LISTS)[DashboardFigure]]
    >) {
      const [group, key] = figure.split('.') as [string, string];
      expect(await rowsOf(api(page, search)), figure).toBe(board[group][key]);
    }
    expect(board.buyers.invited).toBeGreaterThan(0);
    expect(board.buyers.signedIn).toBeGreaterThan(0);
    expect(board.buyers.joined).toBeGreaterThan(board.buyers.signedIn - 1);
  });

  it('returns with a comment, mails the buyers, shows it in the history, and approves after the buyer resubmits', async () => {
    const olivia = await cookieOf('olivia.chen@demo.test');
    const [cart] = (await cartsPage('?status=submitted')).items;
    const returned = await call('manager', 'POST', `/api/carts/${cart!._id}/return`, {
      comment: 'Please choose a warmer paint for the den.',
    });
    expect(returned.statusCode).toBe(200);
    const mailed = await mail!.waitFor('olivia.chen@demo.test', /needs a change/);
    expect(mailed.text).toContain('Please choose a warmer paint for the den.');
    expect(mailed.text).toContain(`/config/${cart!._id}`);

    const history = (await call('manager', 'GET', `/api/manage/carts/${cart!._id}/history`)).json() as Page<{
      who: { email: string; role: string } | null;
      changes: Array<Record<string, unknown>>;
    }>;
    const latest = history.items[0]!;
    expect(latest.who).toMatchObject({ email: 'manager@demo.test', role: 'manager' });
    expect(latest.changes).toContainEqual(
      expect.objectContaining({
        kind: 'status',
        from: 'submitted',
        to: 'draft',
        comment: 'Please choose a warmer paint for the den.',
      }),
    );

    // The buyer changes a choice: the history names who and which options.
    const current = (
      await app.inject({ method: 'GET', url: `/api/schema/carts/${cart!._id}`, headers: browserHeaders(olivia) })
    ).json() as Item & {
      selections: Array<{ option: string; room?: string; quantity: number }>;
    };
    const planId = (
      (
        await app.inject({
          method: 'GET',
          url: `/api/schema/units/${current.unit as string}`,
          headers: browserHeaders(olivia),
        })
      ).json() as Item
    ).plan as string;
    const complete = await completeSelections(app, olivia, planId);
    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/schema/carts/${cart!._id}`,
      headers: browserHeaders(olivia),
      payload: { selections: complete, _version: current._version },
    });
    expect(patched.statusCode).toBe(200);
    const afterEdit = (await call('manager', 'GET', `/api/manage/carts/${cart!._id}/history`)).json() as Page<{
      who: { email: string } | null;
      changes: Array<{ kind: string; name?: string }>;
    }>;
    expect(afterEdit.items[0]!.who?.email).toBe('olivia.chen@demo.test');
    expect(afterEdit.items[0]!.changes.some((c) => (c.kind === 'added' || c.kind === 'removed') && c.name)).toBe(true);

    const resubmitted = await app.inject({
      method: 'POST',
      url: `/api/carts/${cart!._id}/submit`,
      headers: browserHeaders(olivia),
      payload: { signature: 'Olivia Chen', agree: true, _version: patched.json()._version },
    });
    expect(resubmitted.statusCode).toBe(200);
    // The buyer gets the signed summary as a PDF, and what happens next.
    const signed = await mail!.waitFor('olivia.chen@demo.test', /your signed selection/);
    expect(signed.text).toContain('What happens next');
    // By when: the project's review days (5 unless set) after the day of the signature in the
    // project's time zone (Maple is in Vancouver), in business days, said as a weekday and a date.
    const signedAt = new Date(resubmitted.json().signature.signedAt as string);
    expect(signed.text).toMatch(
      /reviews your selection by (Monday|Tuesday|Wednesday|Thursday|Friday), [A-Z][a-z]+ \d{1,2}, \d{4}/,
    );
    expect(signed.text).toContain(
      `reviews your selection by ${formatCalendarDay(reviewDueBy(signedAt, 5, 'America/Vancouver'), 'en-CA')}`,
    );
    expect(signed.text).toContain('design@maple-residences.example');
    const [attachment] = signed.attachments;
    expect(attachment?.contentType).toBe('application/pdf');
    const pdf = await pdfText(attachment!.content);
    expect(pdf).toContain('Signed by Olivia Chen');
    const approved = await call('manager', 'POST', `/api/carts/${cart!._id}/approve`);
    expect(approved.statusCode).toBe(200);
    const approvalMail = await mail!.waitFor('olivia.chen@demo.test', /approved/);
    expect(approvalMail.text).toContain('Morgan Design-Centre approved');
    expect(approved.json().history.at(-1)).toMatchObject({ action: 'approve', status: 'approved' });
  });

  it('reopens an approved selection as a change order with a fee that is part of the total and the next purchase', async () => {
    const [cart] = (await cartsPage('?q=marcus')).items;
    const before = cart!.total;
    const reopened = await call('manager', 'POST', `/api/carts/${cart!._id}/reopen`, {
      comment: 'Swapping the pulls as agreed by phone.',
      fee: 25_000,
    });
    expect(reopened.statusCode).toBe(200);
    const body = reopened.json();
    expect(body.status).toBe('draft');
    expect(body.revision).toBe(2);
    expect(body.signature).toBeNull();
    // The fee names its change order; each reader reads it in their language (the English words stay for API clients).
    expect(body.fees).toEqual([{ label: 'Change order 1 fee', amount: 25_000, changeOrder: 1 }]);
    const french = await app.inject({
      method: 'GET',
      url: `/api/carts/${cart!._id}/pdf`,
      headers: { ...browserHeaders(cookies.manager), 'accept-language': 'fr-CA' },
    });
    expect(french.statusCode).toBe(200);
    const frenchText = await pdfText(french.rawPayload);
    expect(frenchText).toContain('Frais de l’ordre de modification 1');
    expect(frenchText).not.toContain('Change order 1 fee');
    expect(body.total).toBe(before + 25_000);
    // Its deadline had passed: the change order gets 14 days, or it would open locked.
    expect(Date.parse(body.deadline) - Date.now()).toBeGreaterThan(13 * 86_400_000);
    // Both buyers of the unit are told.
    const told = await mail!.waitFor('priya.reid@demo.test', /change order/);
    expect(told.text).toMatch(/change order fee of/i);
    // The mail says by when to sign again: the deadline the change order opened with.
    expect(told.text).toMatch(/Sign it again by \w+, \w+ \d+, \d{4}/);
    await mail!.waitFor('marcus.reid@demo.test', /change order/);
    // The fee cannot be written by a buyer's PATCH.
    const patch = await call('buyer', 'GET', `/api/schema/carts/${cart!._id}`);
    const sneaky = await app.inject({
      method: 'PATCH',
      url: `/api/schema/carts/${cart!._id}`,
      headers: browserHeaders(cookies.buyer),
      payload: { fees: [], _version: patch.json()._version },
    });
    expect(sneaky.statusCode).toBe(200);
    expect(sneaky.json().fees).toEqual(body.fees);
    expect(sneaky.json().total).toBe(before + 25_000);
    // The PDF shows the fee as a line of its own.
    const printed = await call('manager', 'GET', `/api/carts/${cart!._id}/pdf`);
    expect(await pdfText(printed.rawPayload)).toContain('Change order 1 fee');
    // A negative fee is refused and changes nothing.
    expect((await call('manager', 'POST', `/api/carts/${cart!._id}/reopen`, { fee: -5 })).statusCode).toBe(400);
  });

  it('keeps the approved purchase in force through a change order until the change order is approved: purchasing, its CSV, the dashboard, the admin’s purchases', async () => {
    // Marcus's selection was approved, then reopened as a change order by the test before.
    const [cart] = (await cartsPage('?q=marcus')).items;
    expect(cart!.status).toBe('draft');
    const unit = cart!.unit!.name;
    const inForce = async () => {
      const report = (await call('manager', 'GET', '/api/manage/purchasing')).json();
      const csv = (await call('manager', 'GET', '/api/manage/purchasing.csv')).body
        .split('\r\n')
        .filter((row: string) => row.includes(`,${unit},`));
      const dashboard = (await call('manager', 'GET', '/api/manage/dashboard')).json();
      const admin = (await call('admin', 'GET', '/api/admin/purchases?project=demo')).json();
      return {
        report,
        csv,
        dashboard,
        admin,
        lines: report.lines.filter((line: { unit: string }) => line.unit === unit),
      };
    };
    const open = await inForce();
    expect(open.lines.length).toBeGreaterThan(0);
    expect(
      open.lines.every(
        (line: { changeOrderOpen: boolean; revision: number }) => line.changeOrderOpen && line.revision === 1,
      ),
    ).toBe(true);
    expect(open.report.changeOrdersOpen).toBe(1);
    expect(open.csv.length).toBe(open.lines.length);
    expect(open.csv.every((row: string) => row.endsWith(',yes'))).toBe(true);
    expect(open.dashboard.revenue.approved).toBe(open.report.total);
    expect(open.admin.items.find((item: { unit: string }) => item.unit === unit)).toMatchObject({
      revision: 1,
      changeOrderOpen: true,
    });

    // Nothing changed yet but the fee: the change-order document says so.
    const changeOrder = async () =>
      (await call('buyer', 'GET', `/api/carts/${cart!._id}/change-order`)).json().changeOrder;
    const untouched = await changeOrder();
    expect(untouched).toMatchObject({
      number: 1,
      approved: { revision: 1 },
      changes: [],
      added: [{ label: 'Change order 1 fee', amount: 25_000 }],
      removed: [],
    });
    expect(untouched.total - untouched.approved.total).toBe(25_000);

    // The buyer swaps one choice for another of its category: the document lists that place, what it was, what it becomes and the difference.
    const unitItem = (await call('manager', 'GET', `/api/schema/units/${cart!.unit!._id}`)).json() as Item;
    const before = (await call('buyer', 'GET', `/api/schema/carts/${cart!._id}`)).json();
    const options = (await call('buyer', 'GET', '/api/schema/options/?limit=200')).json() as Item[];
    const allowed = (option: Item) =>
      (option.requires as string[]).length === 0 &&
      ((option.plans as string[]).length === 0 || (option.plans as string[]).includes(String(unitItem.plan)));
    const selections = before.selections as Array<{ option: string; room?: string; quantity: number }>;
    const swap = selections
      .map((line, index) => {
        const old = options.find((o) => o._id === line.option)!;
        const other = options.find(
          (o) => o.category === old.category && o._id !== old._id && o.price !== old.price && allowed(o),
        );
        return other ? { index, old, other } : null;
      })
      .find(Boolean)!;
    const swapped = selections.map((line, index) =>
      index === swap.index ? { ...line, option: swap.other._id } : line,
    );
    const changed = await app.inject({
      method: 'PATCH',
      url: `/api/schema/carts/${cart!._id}`,
      headers: browserHeaders(cookies.buyer),
      payload: { selections: swapped, _version: before._version },
    });
    expect(changed.statusCode).toBe(200);
    const document = await changeOrder();
    const moved = Number(swap.other.price) - Number(swap.old.price);
    expect(document.changes).toEqual([
      expect.objectContaining({
        category: swap.old.category,
        before: [expect.objectContaining({ option: swap.old._id, name: swap.old.name })],
        after: [expect.objectContaining({ option: swap.other._id, name: swap.other.name })],
        difference: moved,
      }),
    ]);
    expect(document.difference).toBe(moved + 25_000);
    expect(document.total).toBe(changed.json().total);
    // The PDF the buyer signs is that document, then the whole selection.
    const printed = await pdfText((await call('buyer', 'GET', `/api/carts/${cart!._id}/pdf`)).rawPayload);
    expect(printed).toContain('Change order 1: what changes');
    expect(printed).toContain(`→ ${swap.other.name}`);
    // A selection that was never reopened has no change-order document.
    const never = (await cartsPage('')).items.find((item) => item.revision === 1);
    expect((await call('manager', 'GET', `/api/carts/${never!._id}/change-order`)).json()).toEqual({
      changeOrder: null,
    });

    // The buyer signs the change order and the design centre approves it: the new purchase replaces the old one.
    const completed = await app.inject({
      method: 'PATCH',
      url: `/api/schema/carts/${cart!._id}`,
      headers: browserHeaders(cookies.buyer),
      payload: {
        selections: await completeSelections(app, cookies.buyer!, String(unitItem.plan)),
        _version: changed.json()._version,
      },
    });
    const submitted = await call('buyer', 'POST', `/api/carts/${cart!._id}/submit`, {
      signature: 'Marcus Reid',
      agree: true,
      _version: completed.json()._version,
    });
    expect(submitted.json()).toMatchObject({ status: 'submitted' });
    // Until approved, the signed change order is pending and the earlier purchase still in force.
    expect((await inForce()).report.purchases).toBe(open.report.purchases);
    expect((await call('manager', 'POST', `/api/carts/${cart!._id}/approve`)).statusCode).toBe(200);
    const approved = await inForce();
    expect(approved.report.purchases).toBe(open.report.purchases);
    expect(approved.report.changeOrdersOpen).toBe(0);
    expect(
      approved.lines.every(
        (line: { changeOrderOpen: boolean; revision: number }) => !line.changeOrderOpen && line.revision === 2,
      ),
    ).toBe(true);
    expect(approved.csv.every((row: string) => row.endsWith(',no'))).toBe(true);
    expect(approved.admin.items.find((item: { unit: string }) => item.unit === unit)).toMatchObject({
      revision: 2,
      changeOrderOpen: false,
    });
    expect(approved.dashboard.revenue.approved).toBe(approved.report.total);
    // Once approved, the document still compares the change order with the purchase it replaced.
    expect(await changeOrder()).toMatchObject({ number: 1, approved: { revision: 1 } });
  });

  it('extends a locked draft’s deadline and mails its buyer the new date', async () => {
    const [cart] = (await cartsPage('?status=locked')).items;
    const deadline = new Date(Date.now() + 10 * 86_400_000).toISOString();
    const extended = await call('manager', 'POST', `/api/carts/${cart!._id}/extend`, { deadline });
    expect(extended.statusCode).toBe(200);
    const told = await mail!.waitFor('daniel.okafor@demo.test', /you have until/);
    expect(told.subject).toContain('602');
    expect((await cartsPage('?status=locked')).items).toEqual([]);
  });

  it('changes many units at once, all or nothing, one audit entry each, and moves open carts to the new deadline', async () => {
    const units = (
      (await call('manager', 'GET', '/api/manage/units')).json() as Page<{
        _id: string;
        name: string;
        status: string;
        cart: { _id: string; status: string } | null;
      }>
    ).items;
    const withDraft = units.find((u) => u.cart?.status === 'draft')!;
    const others = units.filter((u) => !u.cart).slice(0, 2);
    const chosen = [withDraft, ...others].map((u) => u._id);
    const deadline = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const changed = await call('manager', 'POST', '/api/manage/units/bulk', {
      units: chosen,
      status: 'sold',
      deadline,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ changed: 3, carts: 1 });
    for (const id of chosen) {
      const unit = (await call('manager', 'GET', `/api/schema/units/${id}`)).json() as Item;
      expect(unit.status).toBe('sold');
      expect(Date.parse(unit.deadline as string)).toBe(Date.parse(deadline));
    }
    const cart = (await call('manager', 'GET', `/api/schema/carts/${withDraft.cart!._id}`)).json() as Item;
    expect(Date.parse(cart.deadline as string)).toBe(Date.parse(deadline));

    // One unknown unit: nothing changes.
    const untouched = units.find((u) => !chosen.includes(u._id) && u.status !== 'reserved')!;
    const refused = await call('manager', 'POST', '/api/manage/units/bulk', {
      units: [untouched._id, '01900000-0000-7000-8000-000000000000'],
      status: 'reserved',
    });
    expect(refused.statusCode).toBe(422);
    expect(((await call('manager', 'GET', `/api/schema/units/${untouched._id}`)).json() as Item).status).toBe(
      untouched.status,
    );
    expect((await call('manager', 'POST', '/api/manage/units/bulk', { units: [untouched._id] })).statusCode).toBe(400);
    expect(
      (await call('manager', 'POST', '/api/manage/units/bulk', { units: [untouched._id], status: 'gone' })).statusCode,
    ).toBe(400);
  });

  it('exports the approved selections for purchasing; the CSV adds up to the purchases', async () => {
    const report = (await call('manager', 'GET', '/api/manage/purchasing')).json();
    const purchases = (await call('manager', 'GET', '/api/schema/purchases/?limit=200')).json() as Item[];
    const carts = (await call('manager', 'GET', '/api/schema/carts/?limit=200')).json() as Item[];
    // Every cart ever approved has its last approved purchase in force (a change order open or not).
    const inForce = carts
      .map((c) => purchases.filter((p) => p.cart === c._id).sort((a, b) => Number(b.revision) - Number(a.revision))[0])
      .filter((p): p is Item => p !== undefined);
    expect(report.purchases).toBe(inForce.length);
    const expected = inForce.reduce((sum, p) => sum + Number(p.total), 0);
    expect(report.total).toBe(expected);

    const csv = await call('manager', 'GET', '/api/manage/purchasing.csv');
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toContain('purchasing.csv');
    const [header, ...rows] = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(header).toBe(
      'Vendor,SKU,Item,Category,Unit,Floor,Room,Quantity,Unit price,Amount,Currency,Revision,Approved at,Change order open',
    );
    const cells = (line: string) =>
      line
        .match(/("([^"]|"")*"|[^,]*)(,|$)/g)!
        .map((cell) => cell.replace(/,$/, '').replace(/^"|"$/g, '').replace(/""/g, '"'));
    const amount = rows.reduce((sum, row) => sum + Math.round(Number(cells(row)[9]) * 100), 0);
    expect(amount).toBe(expected);
    // Grouped by vendor, then SKU.
    const vendors = rows.map((row) => cells(row)[0]!).filter(Boolean);
    expect(vendors).toEqual([...vendors].sort((a, b) => a.localeCompare(b)));
  });

  it('invites many buyers at once, mails each their own link, and lists them 50 a page with unit and last use', async () => {
    const units = ((await call('manager', 'GET', '/api/manage/units')).json() as Page<{ _id: string; name: string }>)
      .items;
    const invitations = units.slice(0, 3).map((u, i) => ({ email: `bulk${i}@example.com`, unit: u._id }));
    const created = await call('manager', 'POST', '/api/access-codes/bulk', { invitations });
    expect(created.statusCode).toBe(201);
    expect(created.json().sent).toBe(3);
    expect(created.json().items.map((c: { unitName: string }) => c.unitName)).toEqual(
      units.slice(0, 3).map((u) => u.name),
    );
    const message = await mail!.waitFor('bulk1@example.com', /invit/i);
    expect(recipients(message)).toEqual(['bulk1@example.com']);
    expect(message.text).toContain(created.json().items[1].url);

    // A unit of another project refuses the whole batch.
    const harbourUnit = (
      (
        await app.inject({
          method: 'GET',
          url: '/api/schema/units/?limit=1',
          headers: { ...browserHeaders(cookies.otherManager), host: 'harbour.portal.test' },
        })
      ).json() as Item[]
    )[0]!;
    const mixed = await call('manager', 'POST', '/api/access-codes/bulk', {
      invitations: [{ email: 'ok@example.com' }, { email: 'no@example.com', unit: harbourUnit._id }],
      send: false,
    });
    expect(mixed.statusCode).toBe(422);
    const list = (await call('manager', 'GET', '/api/access-codes?q=example.com')).json() as Page<{
      email: string;
      lastUsedAt: string | null;
    }>;
    expect(list.items.some((c) => c.email === 'ok@example.com')).toBe(false);

    for (let i = 0; i < 50; i++) await call('manager', 'POST', '/api/access-codes', { email: `page${i}@example.org` });
    const first = (await call('manager', 'GET', '/api/access-codes')).json() as Page<{ code: string }>;
    expect(first.items.length).toBe(50);
    expect(first.next).not.toBeNull();
    const second = (await call('manager', 'GET', `/api/access-codes?after=${first.next}`)).json() as Page<{
      code: string;
    }>;
    expect(second.items.length).toBeGreaterThan(0);
    expect(second.items.some((c) => first.items.some((f) => f.code === c.code))).toBe(false);
  });

  it('gives the first buyer who accepts an invitation to a unit without a selection a draft to make, due by the project default', async () => {
    const demo = (await call('manager', 'GET', '/api/project')).json();
    await app.inject({
      method: 'PATCH',
      url: `/api/projects/${demo._id}`,
      headers: browserHeaders(cookies.manager),
      payload: { options: { defaultDeadlineDays: 30 } },
    });
    const units = (
      (await call('manager', 'GET', '/api/manage/units')).json() as Page<{
        _id: string;
        name: string;
        deadline: string | null;
        cart: unknown;
        buyers: unknown[];
      }>
    ).items;
    const empty = units.find((u) => !u.cart && !u.buyers.length && !u.deadline)!;
    const code = (
      await call('manager', 'POST', '/api/access-codes', { email: 'first.buyer@example.com', unit: empty._id })
    ).json().code as string;
    const used = await app.inject({
      method: 'POST',
      url: `/api/access-codes/consume/${code}`,
      headers: browserHeaders(),
      payload: {},
      remoteAddress: '10.9.8.7',
    });
    expect(used.statusCode).toBe(200);
    const cart = (await cartsPage(`?q=first.buyer`)).items;
    expect(cart).toHaveLength(1);
    expect(cart[0]!.unit!._id).toBe(empty._id);
    expect(cart[0]!.status).toBe('draft');
    // The project's 30 days, at the end of a working day in its zone (a weekend moves on to the Monday).
    const deadline = new Date(cart[0]!.deadline!);
    const days = (deadline.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThanOrEqual(33);
    expect(formatDateTime(deadline, { locale: 'en-CA', timeZone: 'America/Vancouver' }, { weekday: true })).toMatch(
      /^(Monday|Tuesday|Wednesday|Thursday|Friday), .* at 5:00 p\.m\. /,
    );
    // A second buyer of the same unit shares it.
    const second = (
      await call('manager', 'POST', '/api/access-codes', { email: 'second.buyer@example.com', unit: empty._id })
    ).json().code as string;
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/access-codes/consume/${second}`,
          headers: browserHeaders(),
          payload: {},
          remoteAddress: '10.9.8.8',
        })
      ).statusCode,
    ).toBe(200);
    const shared = (await cartsPage(`?q=second.buyer`)).items;
    expect(shared.map((c) => c._id)).toEqual(cart.map((c) => c._id));
  });

  it('keeps the project’s time zone: a real IANA zone or a clear refusal that changes nothing', async () => {
    const demo = (await call('manager', 'GET', '/api/project')).json();
    expect(demo.options.timeZone).toBe('America/Vancouver');
    const patch = (timeZone: unknown) =>
      app.inject({
        method: 'PATCH',
        url: `/api/projects/${demo._id}`,
        headers: browserHeaders(cookies.manager),
        payload: { options: { timeZone } },
      });
    for (const bad of ['Mars/Olympus', 'Vancouver', '', 42, 'America/Vancouver; DROP TABLE projects']) {
      const refused = await patch(bad);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.code).toBe('bad_request');
      expect(refused.json().error.details.issues[0].field).toBe('body.options.timeZone');
      expect(JSON.stringify(refused.json())).not.toMatch(/stack|select |insert /i);
    }
    expect((await call('manager', 'GET', '/api/project')).json().options.timeZone).toBe('America/Vancouver');
    expect((await patch('Europe/Paris')).json().options.timeZone).toBe('Europe/Paris');
    expect((await patch('America/Vancouver')).statusCode).toBe(200);
  });

  it('turns share links and saved alternatives off for a project, on the server, and back on', async () => {
    const demo = (await call('manager', 'GET', '/api/project')).json();
    const alex = await cookieOf('buyer@demo.test');
    const [mine] = (
      await app.inject({ method: 'GET', url: '/api/carts/mine', headers: browserHeaders(alex) })
    ).json() as Array<{ _id: string }>;
    const share = () =>
      app.inject({
        method: 'POST',
        url: `/api/carts/${mine!._id}/share`,
        headers: browserHeaders(alex),
        payload: { days: 3 },
      });
    const link = (await share()).json();
    expect(
      (await app.inject({ method: 'GET', url: `/api/shared/${link.token}`, headers: browserHeaders() })).statusCode,
    ).toBe(200);
    const setFeatures = (features: object) =>
      app.inject({
        method: 'PATCH',
        url: `/api/projects/${demo._id}`,
        headers: browserHeaders(cookies.manager),
        payload: { features },
      });
    expect((await setFeatures({ shareLinks: false, alternatives: false })).statusCode).toBe(200);
    const refused = await share();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Share links are turned off for this project.');
    expect(
      (await app.inject({ method: 'GET', url: `/api/shared/${link.token}`, headers: browserHeaders() })).statusCode,
    ).toBe(404);
    const save = await app.inject({
      method: 'POST',
      url: `/api/carts/${mine!._id}/versions`,
      headers: browserHeaders(alex),
      payload: { name: 'Dark kitchen' },
    });
    expect(save.statusCode).toBe(403);
    await setFeatures({ shareLinks: true, alternatives: true });
    expect((await share()).statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'GET', url: `/api/shared/${link.token}`, headers: browserHeaders() })).statusCode,
    ).toBe(200);
  });

  it('checks the catalogue: the demo is sound, and a contradiction a manager makes is named', async () => {
    const check = async () =>
      (await call('manager', 'GET', '/api/manage/catalogue-check')).json().problems as Array<{
        kind: string;
        text: string;
      }>;
    expect(await check()).toEqual([]);
    const options = (await call('manager', 'GET', '/api/schema/options/?limit=200')).json() as Item[];
    // With the check, how many items each collection holds (the catalogue page's cards).
    const { counts } = (await call('manager', 'GET', '/api/manage/catalogue-check')).json();
    const units = (await call('manager', 'GET', '/api/schema/units/?limit=200')).json() as Item[];
    expect(counts).toMatchObject({ options: options.length, units: units.length });
    const slab = options.find((o) => o.name === 'Full-Height Quartz Slab')!;
    const needed = options.find((o) => o._id === (slab.requires as string[])[0])!;
    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/schema/options/${slab._id}`,
      headers: browserHeaders(cookies.manager),
      payload: { excludes: [needed._id], _version: slab._version },
    });
    expect(patched.statusCode).toBe(200);
    expect(await check()).toContainEqual(
      expect.objectContaining({
        kind: 'requires-excluded',
        text: `Full-Height Quartz Slab needs ${needed.name} but cannot be combined with it: it can never be chosen.`,
      }),
    );
    await app.inject({
      method: 'PATCH',
      url: `/api/schema/options/${slab._id}`,
      headers: browserHeaders(cookies.manager),
      payload: { excludes: [], _version: patched.json()._version },
    });
    expect(await check()).toEqual([]);

    // A room moved onto another on the minimap, and a floor without a swatch: both named, in words.
    const rooms = (await call('manager', 'GET', '/api/schema/rooms/?limit=50')).json() as Item[];
    const [ensuite, bedroom] = ['Primary Ensuite', 'Primary Bedroom'].map((name) =>
      rooms.find((room) => room.name === name)!,
    );
    const patch = (collection: string, item: Item, payload: object) =>
      app.inject({
        method: 'PATCH',
        url: `/api/schema/${collection}/${item._id}`,
        headers: browserHeaders(cookies.manager),
        payload: { ...payload, _version: item._version },
      });
    const moved = await patch('rooms', ensuite!, { hotspot: bedroom!.hotspot });
    expect(moved.statusCode).toBe(200);
    const floors = (await call('manager', 'GET', '/api/schema/categories/?limit=50')).json() as Item[];
    const flooring = floors.find((c) => c.surface === 'floor')!;
    const plank = options.find((o) => o.category === flooring._id && o.swatch)!;
    const bare = await patch('options', plank, { swatch: null });
    expect(bare.statusCode).toBe(200);
    const found = await check();
    expect(found).toContainEqual(
      expect.objectContaining({
        kind: 'minimap-overlap',
        text: expect.stringMatching(/Primary Bedroom and Primary Ensuite cover each other/),
      }),
    );
    expect(found).toContainEqual(
      expect.objectContaining({
        kind: 'swatch-missing',
        text: expect.stringContaining(`${plank.name} has no swatch, but ${flooring.name} paints the 3D rooms`),
      }),
    );
    await patch('rooms', moved.json() as Item, { hotspot: ensuite!.hotspot });
    await patch('options', bare.json() as Item, { swatch: plank.swatch });
    expect(await check()).toEqual([]);
  });

  it('lists the buyers with the mails the project sent them, and says which failed, on the buyer and on the invitation', async () => {
    const buyers = (await call('manager', 'GET', '/api/manage/buyers?q=marcus')).json() as Page<{
      email: string;
      units: string[];
      lastSignInAt: string | null;
      mails: Array<{ subject: string; status: string }>;
    }>;
    expect(buyers.items).toHaveLength(1);
    expect(buyers.items[0]).toMatchObject({ email: 'marcus.reid@demo.test', lastSignInAt: expect.any(String) });
    expect(buyers.items[0]!.units.length).toBeGreaterThan(0);
    // The decisions of the tests before were mailed to Marcus: the log names each, newest first.
    const logged = buyers.items[0]!.mails;
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.every((entry) => entry.status === 'sent')).toBe(true);
    expect(
      mail!.messages.filter((m) => recipients(m).includes('marcus.reid@demo.test')).map((m) => m.subject),
    ).toContain(logged[0]!.subject);

    // An invitation the mail server refuses: the manager hears it, and the link says so.
    const refused = `nobody@${REFUSED_DOMAIN}`;
    const sent = await call('manager', 'POST', '/api/access-codes', { email: refused, send: true });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().lastMail).toMatchObject({ status: 'failed', error: expect.stringContaining('No such mailbox') });
    const links = (await call('manager', 'GET', `/api/access-codes?q=${encodeURIComponent(refused)}`)).json() as Page<{
      email: string;
      lastMail: { status: string; error: string | null } | null;
    }>;
    expect(links.items[0]).toMatchObject({
      email: refused,
      lastMail: { status: 'failed', error: expect.stringContaining('No such mailbox') },
    });
    // Another project's staff see none of this project's buyers or mails.
    expect((await call('otherManager', 'GET', '/api/manage/buyers')).statusCode).toBe(403);
  });
});
