import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { calendarDayOf } from '@decor/core';
import { createTestApp, onProject, testDbKind, TEST_DEMO_PASSWORD, TEST_PORTAL_HOST } from './support/test-app.ts';
import { browserHeaders, signIn } from './support/identity.ts';
import { linkIn } from './support/mail-catcher.ts';
import { createMailer } from '../src/modules/mail/mailer.ts';
import { sql } from 'drizzle-orm';
import { sqlRows } from '../src/db/client.ts';

/**
 * The platform's back office (docs/admin.md): admins only on every route, every change
 * audited with before and after, on both databases.
 */
const { app, db, mail } = await createTestApp({ withMail: true });
const cookieOf = async (email: string, remoteAddress?: string) =>
  (await signIn(app, email, TEST_DEMO_PASSWORD, remoteAddress ? { remoteAddress } : {})).cookie;

const WHO = ['visitor', 'buyer', 'manager', 'admin'] as const;
type Who = (typeof WHO)[number];
const cookies: Record<Who, string | undefined> = {
  visitor: undefined,
  buyer: await cookieOf('buyer@demo.test'),
  manager: await cookieOf('manager@demo.test'),
  admin: await cookieOf('admin@demo.test'),
};
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (who: Who, method: Method, url: string, payload?: object) =>
  app.inject({ method, url, headers: browserHeaders(cookies[who]), ...(payload ? { payload } : {}) });
const asAdmin = (method: Method, url: string, payload?: object) => call('admin', method, url, payload);

type AdminUser = {
  _id: string;
  email: string;
  isAdmin: boolean;
  disabled: boolean;
  emailVerified: boolean;
  sessions: number;
  memberships: Array<{ projectId: string; projectKey: string; role: string }>;
};
type AuditEntry = {
  action: string;
  targetKind: string;
  targetId: string;
  actor: { email: string } | null;
  before: unknown;
  after: unknown;
};

const me = (await asAdmin('GET', '/api/me')).json() as { _id: string };
const demo = (await asAdmin('GET', '/api/project')).json() as { _id: string };
const userByEmail = async (email: string) =>
  (
    (await asAdmin('GET', `/api/admin/users?q=${encodeURIComponent(email)}`)).json() as { items: AdminUser[] }
  ).items.find((u) => u.email === email)!;
const lastAudit = async (kind: string, target: string) =>
  (
    (await asAdmin('GET', `/api/admin/audit?kind=${kind}&target=${encodeURIComponent(target)}`)).json() as AuditEntry[]
  )[0]!;

const NEW_PROJECT = {
  key: 'cedar',
  name: 'Cedar Park',
  currency: 'CAD',
  options: { locale: 'en-CA', timeZone: 'America/Toronto', unitSystem: 'metric' },
  theme: { primary: '#7a3e9d', secondary: '#f2c14e', logoBg: '#2b1140' },
  catalogue: 'demo',
  manager: { email: 'cedar.manager@example.test' },
};

describe(`the platform's back office (${testDbKind})`, () => {
  it('answers administrators only, on every route, and changes nothing for anyone else', async () => {
    const user = await userByEmail('olivia.chen@demo.test');
    const routes: Array<[Method, string, object?]> = [
      ['GET', '/api/admin/overview'],
      ['GET', '/api/admin/projects'],
      ['POST', '/api/admin/projects', { ...NEW_PROJECT, key: 'refused-project' }],
      ['POST', `/api/admin/projects/${demo._id}/archive`, { archived: true }],
      ['GET', '/api/admin/users'],
      ['GET', `/api/admin/users/${user._id}`],
      ['PATCH', `/api/admin/users/${user._id}`, { isAdmin: true }],
      ['POST', `/api/admin/users/${user._id}/sign-out`, {}],
      ['POST', `/api/admin/users/${user._id}/reset-link`, {}],
      ['PUT', `/api/admin/users/${user._id}/memberships/${demo._id}`, { role: 'manager' }],
      ['DELETE', `/api/admin/users/${user._id}/memberships/${demo._id}`],
      ['GET', '/api/admin/deploys'],
      ['GET', '/api/deploys'],
      ['POST', '/api/deploys', { name: 'Refused', type: 'staging', host: 'refused.example.com', projects: [] }],
      [
        'PUT',
        `/api/deploys/${crypto.randomUUID()}`,
        { name: 'Refused', type: 'staging', host: 'refused.example.com', projects: [] },
      ],
      ['DELETE', `/api/deploys/${crypto.randomUUID()}`],
      ['GET', '/api/admin/features'],
      ['PUT', '/api/admin/features', { key: 'refusedFlag', enabled: true }],
      ['DELETE', '/api/admin/features/refusedFlag'],
      ['GET', '/api/admin/audit'],
      ['GET', `/api/admin/projects/${demo._id}/models`],
      [
        'PUT',
        `/api/admin/projects/${demo._id}/models/options`,
        { fields: [{ key: 'refused', label: 'Refused', type: 'text' }] },
      ],
      ['GET', `/api/admin/projects/${demo._id}/export`],
      ['POST', '/api/admin/projects/import', { key: 'refused-import', bundle: {} }],
      ['GET', '/api/admin/purchases'],
      ['GET', '/api/admin/purchases.csv'],
      ['GET', '/api/admin/sessions'],
      ['GET', '/api/admin/changes/stream'],
      ['GET', `/api/admin/projects/${demo._id}/config`],
      ['PUT', `/api/admin/projects/${demo._id}/config`, { config: {}, _version: 1 }],
      ['POST', `/api/admin/projects/${demo._id}/config/restore`, { version: 1, _version: 1 }],
    ];
    for (const [method, url, payload] of routes) {
      for (const who of ['visitor', 'buyer', 'manager'] as const) {
        const response = await call(who, method, url, payload);
        expect({ who, method, url, status: response.statusCode }).toEqual({
          who,
          method,
          url,
          status: who === 'visitor' ? 401 : 403,
        });
        expect(response.json().error.code).toBe(who === 'visitor' ? 'unauthenticated' : 'forbidden');
      }
    }
    // Nothing happened: no project, no change of the person, no flag, the demo not archived.
    expect((await asAdmin('GET', '/api/admin/projects?q=refused')).json()).toEqual([]);
    const after = await userByEmail('olivia.chen@demo.test');
    expect(after.isAdmin).toBe(false);
    expect(after.memberships.map((m) => m.role)).toEqual(['purchaser']);
    expect(
      ((await asAdmin('GET', '/api/admin/features')).json() as Array<{ key: string }>).some(
        (f) => f.key === 'refusedFlag',
      ),
    ).toBe(false);
    expect((await call('buyer', 'GET', '/api/project')).statusCode).toBe(200);
  });

  it('shows the platform at a glance: projects with hosts and counts, people, recent sign-ins, health', async () => {
    const overview = (await asAdmin('GET', '/api/admin/overview')).json();
    const maple = overview.projects.find((p: { key: string }) => p.key === 'demo');
    expect(maple.name).toBe('Maple Residences');
    expect(maple.hosts).toContainEqual({
      deploy: 'Local development',
      type: 'development',
      host: `demo.${TEST_PORTAL_HOST}`,
    });
    expect(maple.counts.units).toBeGreaterThan(0);
    expect(maple.counts.managers).toBeGreaterThanOrEqual(1);
    expect(maple.counts.carts.draft + maple.counts.carts.submitted + maple.counts.carts.approved).toBeGreaterThan(0);
    expect(overview.totals.admins).toBeGreaterThanOrEqual(1);
    expect(overview.recentSignIns.some((s: { email: string }) => s.email === 'admin@demo.test')).toBe(true);
    expect(overview.health).toMatchObject({ database: testDbKind, mail: 'smtp', storage: 'disk' });
    expect(overview.health.uptimeSeconds).toBeGreaterThanOrEqual(0);
  });

  it('keeps the mail the SMTP server would not take, for the overview', async () => {
    // An SMTP server that is not there: the mail fails, the caller hears it, the admins see it.
    const unreachable = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'portal@example.test', db, log: app.log });
    await expect(
      unreachable.send({ to: 'lost@example.test', subject: 'Your selections are due', text: 'x', html: '<p>x</p>' }),
    ).rejects.toThrow();
    const overview = (await asAdmin('GET', '/api/admin/overview')).json() as {
      mailFailures: Array<{ to: string; subject: string; error: string }>;
    };
    expect(overview.mailFailures[0]).toMatchObject({ to: 'lost@example.test', subject: 'Your selections are due' });
    expect(overview.mailFailures[0]!.error.length).toBeGreaterThan(0);
  });

  it('makes a new project in one step: its key checked, the demo catalogue copied, the first manager invited to its own address', async () => {
    // A key that is no slug, one kept for the portal, one taken: each a 4xx naming the field; nothing made.
    for (const [key, status] of [
      ['Cedar Park', 400],
      ['www', 400],
      ['a', 400],
      ['demo', 409],
    ] as const) {
      const refused = await asAdmin('POST', '/api/admin/projects', { ...NEW_PROJECT, key });
      expect({ key, status: refused.statusCode }).toEqual({ key, status });
      expect(JSON.stringify(refused.json())).toMatch(/key/);
    }
    const bad = await asAdmin('POST', '/api/admin/projects', {
      ...NEW_PROJECT,
      currency: 'XX',
      manager: { email: 'nope' },
    });
    expect(bad.statusCode).toBe(400);
    expect((await asAdmin('GET', '/api/admin/projects?q=cedar')).json()).toEqual([]);

    const created = await asAdmin('POST', '/api/admin/projects', NEW_PROJECT);
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body.url).toBe(`http://cedar.${TEST_PORTAL_HOST}`);
    // The project answers at its own subdomain, in its theme, with the demo's rooms.
    const project = (await app.inject({ method: 'GET', url: '/api/project', headers: onProject('cedar') })).json();
    expect(project).toMatchObject({
      key: 'cedar',
      name: 'Cedar Park',
      currency: 'CAD',
      theme: NEW_PROJECT.theme,
      options: { timeZone: 'America/Toronto', unitSystem: 'metric' },
    });
    expect(project.rooms.length).toBeGreaterThan(3);
    const listed = (
      (await asAdmin('GET', '/api/admin/projects?q=cedar')).json() as Array<{
        key: string;
        counts: { units: number; members: number };
        hosts: unknown[];
      }>
    )[0]!;
    expect(listed.counts.units).toBeGreaterThan(0);
    expect(listed.counts.members).toBe(0);
    expect(listed.hosts).toHaveLength(1);

    // The invitation reaches the manager, on the project's address; following it makes them its manager.
    const invitation = await mail!.waitFor('cedar.manager@example.test', /Cedar Park/);
    const link = linkIn(invitation, `http://cedar.${TEST_PORTAL_HOST}/link/`);
    const code = link.split('/link/')[1]!;
    const used = await app.inject({
      method: 'POST',
      url: `/api/access-codes/consume/${code}`,
      headers: browserHeaders(undefined, `cedar.${TEST_PORTAL_HOST}`),
      payload: { name: 'Cedar Manager' },
      remoteAddress: '10.40.0.1',
    });
    expect(used.statusCode).toBe(200);
    expect(used.json().target).toBe('/manage');
    const manager = await userByEmail('cedar.manager@example.test');
    expect(manager.memberships).toEqual([expect.objectContaining({ projectKey: 'cedar', role: 'manager' })]);

    const audit = await lastAudit('project', body._id);
    expect(audit).toMatchObject({
      action: 'project.create',
      actor: { email: 'admin@demo.test' },
      before: null,
      after: { key: 'cedar', catalogue: 'demo', manager: 'cedar.manager@example.test' },
    });
  });

  it('archives a project: its people stop reaching it, admins still do, and it comes back', async () => {
    const harbour = (
      await app.inject({ method: 'GET', url: '/api/project', headers: onProject('harbour') })
    ).json() as { _id: string };
    const harbourBuyer = await cookieOf('buyer@harbour.test');
    const onHarbour = (cookie?: string) =>
      app.inject({
        method: 'GET',
        url: '/api/schema/units/',
        headers: browserHeaders(cookie, `harbour.${TEST_PORTAL_HOST}`),
      });
    expect((await onHarbour(harbourBuyer)).statusCode).toBe(200);
    expect(
      (await asAdmin('POST', `/api/admin/projects/${harbour._id}/archive`, { archived: true })).json().archived,
    ).toBe(true);
    const closed = await onHarbour(harbourBuyer);
    expect(closed.statusCode).toBe(404);
    expect(closed.json().error.message).toBe('This project is closed.');
    expect((await app.inject({ method: 'GET', url: '/', headers: onProject('harbour') })).statusCode).toBe(404);
    // Its public front door closes too: no widget, no loader, no inquiry form.
    for (const url of ['/embed', '/embed.js', '/api/inquire/form']) {
      expect((await app.inject({ method: 'GET', url, headers: onProject('harbour') })).statusCode, url).toBe(404);
    }
    expect((await onHarbour(cookies.admin)).statusCode).toBe(200);
    expect(
      (await asAdmin('POST', `/api/admin/projects/${harbour._id}/archive`, { archived: false })).json().archived,
    ).toBe(false);
    expect((await onHarbour(harbourBuyer)).statusCode).toBe(200);
    const audit = await lastAudit('project', harbour._id);
    expect(audit).toMatchObject({ action: 'project.restore', before: { archived: true }, after: { archived: false } });
  });

  it('audits an admin’s change of a project’s settings with before and after', async () => {
    const current = (await asAdmin('GET', '/api/project')).json() as {
      _version: number;
      options: { tagline?: string };
    };
    const patched = await asAdmin('PATCH', `/api/projects/${demo._id}`, {
      options: { tagline: 'Audited tagline' },
      _version: current._version,
    });
    expect(patched.statusCode).toBe(200);
    const audit = await lastAudit('project', demo._id);
    expect(audit.action).toBe('project.update');
    expect((audit.after as { options: { tagline: string } }).options.tagline).toBe('Audited tagline');
    expect((audit.before as { options: { tagline?: string } }).options.tagline).toBe(current.options.tagline);
  });

  it('edits a project’s settings as one validated document, keeps each version, and restores one', async () => {
    type View = {
      _version: number;
      config: {
        name: string;
        options: Record<string, unknown>;
        features: Record<string, boolean>;
        theme: Record<string, unknown>;
      };
      history: Array<{ version: number; actor: string | null; config: { name: string } }>;
    };
    const read = async () => (await asAdmin('GET', `/api/admin/projects/${demo._id}/config`)).json() as View;
    const start = await read();
    const renamed = {
      ...start.config,
      name: 'Maple Residences II',
      options: { ...start.config.options, tagline: 'Version two' },
    };
    const saved = await asAdmin('PUT', `/api/admin/projects/${demo._id}/config`, {
      config: renamed,
      _version: start._version,
    });
    expect(saved.statusCode).toBe(200);
    const after = saved.json() as View;
    expect(after._version).toBe(start._version + 1);
    expect(after.history[0]).toMatchObject({
      version: after._version,
      actor: 'admin@demo.test',
      config: { name: 'Maple Residences II' },
    });
    // A save on the version read before is refused with the current document; nothing changes.
    const stale = await asAdmin('PUT', `/api/admin/projects/${demo._id}/config`, {
      config: { ...renamed, name: 'Lost' },
      _version: start._version,
    });
    expect(stale.statusCode).toBe(409);
    // A document that is not a project's settings is refused whole.
    for (const bad of [
      { ...renamed, theme: { ...renamed.theme, primary: 'green' } },
      { ...renamed, extra: 1 },
      { ...renamed, options: { ...renamed.options, timeZone: 'Nowhere/Here' } },
      { ...renamed, features: { 'not a key': true } },
      { ...renamed, name: '' },
    ]) {
      expect(
        (await asAdmin('PUT', `/api/admin/projects/${demo._id}/config`, { config: bad, _version: after._version }))
          .statusCode,
      ).toBe(400);
    }
    expect((await read()).config.name).toBe('Maple Residences II');
    // The version before the rename comes back as a new version: nothing is lost.
    const again = await asAdmin('PUT', `/api/admin/projects/${demo._id}/config`, {
      config: { ...renamed, name: 'Maple Residences III' },
      _version: after._version,
    });
    const third = again.json() as View;
    const restored = await asAdmin('POST', `/api/admin/projects/${demo._id}/config/restore`, {
      version: after._version,
      _version: third._version,
    });
    expect(restored.statusCode).toBe(200);
    const back = restored.json() as View;
    expect(back.config.name).toBe('Maple Residences II');
    expect(back._version).toBe(third._version + 1);
    expect(back.history.map((v) => v.version).slice(0, 3)).toEqual([back._version, third._version, after._version]);
    expect(await lastAudit('project', demo._id)).toMatchObject({
      action: 'project.restore-version',
      before: { name: 'Maple Residences III' },
      after: { name: 'Maple Residences II' },
    });
    expect(
      (
        await asAdmin('POST', `/api/admin/projects/${demo._id}/config/restore`, {
          version: 99_999,
          _version: back._version,
        })
      ).statusCode,
    ).toBe(404);
    // As it was.
    expect(
      (
        await asAdmin('PUT', `/api/admin/projects/${demo._id}/config`, {
          config: start.config,
          _version: back._version,
        })
      ).statusCode,
    ).toBe(200);
    expect((await read()).config.name).toBe('Maple Residences');
  });

  it('lists the approved purchases of every project, filtered, with totals per project and currency, and as CSV', async () => {
    type Purchases = {
      items: Array<{
        _id: string;
        project: { key: string };
        unit: string | null;
        buyer: string | null;
        currency: string;
        total: number;
        approvedAt: string;
      }>;
      totals: Array<{ project: string; currency: string; count: number; total: number }>;
    };
    const all = (await asAdmin('GET', '/api/admin/purchases')).json() as Purchases;
    expect(all.items.length).toBeGreaterThan(0);
    expect(all.items.every((p) => p.unit && p.buyer && p.total > 0)).toBe(true);
    // Each project's and currency's total is the sum of its purchases.
    for (const total of all.totals) {
      const mine = all.items.filter((p) => p.project.key === total.project && p.currency === total.currency);
      expect(total.count).toBe(mine.length);
      expect(total.total).toBe(mine.reduce((sum, p) => sum + p.total, 0));
    }
    const demoOnly = (await asAdmin('GET', '/api/admin/purchases?project=demo')).json() as Purchases;
    expect(demoOnly.items.length).toBeGreaterThan(0);
    expect(demoOnly.items.every((p) => p.project.key === 'demo' && p.currency === 'CAD')).toBe(true);
    expect(((await asAdmin('GET', '/api/admin/purchases?currency=JPY')).json() as Purchases).items).toEqual([]);
    const day = demoOnly.items[0]!.approvedAt.slice(0, 10);
    expect(
      ((await asAdmin('GET', `/api/admin/purchases?from=${day}&to=${day}`)).json() as Purchases).items.length,
    ).toBeGreaterThan(0);
    // Days are the admin's own: a purchase is listed on the day it was approved in their zone, whichever zone that is.
    const approved = new Date(demoOnly.items[0]!.approvedAt);
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'America/Toronto', 'Asia/Tokyo']) {
      const { year: y, month: m, day: d } = calendarDayOf(approved, zone);
      const iso = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
      const listed = (
        await asAdmin('GET', `/api/admin/purchases?from=${iso}&to=${iso}&zone=${encodeURIComponent(zone)}`)
      ).json() as Purchases;
      expect(
        listed.items.map((p) => p._id),
        zone,
      ).toContain(demoOnly.items[0]!._id);
      // The day before and the day after in that zone do not list it.
      const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
      const before = new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
      for (const other of [next, before]) {
        const elsewhere = (
          await asAdmin('GET', `/api/admin/purchases?from=${other}&to=${other}&zone=${encodeURIComponent(zone)}`)
        ).json() as Purchases;
        expect(elsewhere.items.map((p) => p._id)).not.toContain(demoOnly.items[0]!._id);
      }
    }
    expect((await asAdmin('GET', '/api/admin/purchases?zone=Mars/Olympus')).statusCode).toBe(400);
    expect(((await asAdmin('GET', '/api/admin/purchases?to=2000-01-01')).json() as Purchases).items).toEqual([]);
    for (const bad of ['from=yesterday', 'currency=cad', 'other=1'])
      expect((await asAdmin('GET', `/api/admin/purchases?${bad}`)).statusCode).toBe(400);
    const csv = await asAdmin('GET', '/api/admin/purchases.csv?project=demo');
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Project,Project key,Unit,Buyer,Approved at,Revision,Currency,Total,Change order open');
    expect(lines).toHaveLength(demoOnly.items.length + 1);
    const csvTotal = lines.slice(1).reduce((sum, line) => sum + Math.round(Number(line.split(',').at(-2)) * 100), 0);
    expect(csvTotal).toBe(demoOnly.items.reduce((sum, p) => sum + p.total, 0));
  });

  it('adds a field to a built-in collection that managers then must fill, and hides it again without losing its data', async () => {
    const manager = cookies.manager;
    const onDemo = (method: Method, url: string, payload?: object) =>
      app.inject({ method, url, headers: browserHeaders(manager), ...(payload ? { payload } : {}) });
    const put = (name: string, payload: object) =>
      asAdmin('PUT', `/api/admin/projects/${demo._id}/models/${name}`, payload);
    const warranty = {
      key: 'warrantyYears',
      label: 'Warranty (years)',
      type: 'integer',
      required: true,
      showInList: true,
    };
    // Refused whole: a key built in already, a key that is no word, a link to nothing.
    expect((await put('options', { fields: [{ key: 'price', label: 'Price', type: 'number' }] })).statusCode).toBe(422);
    expect(
      (await put('options', { fields: [{ key: 'Warranty years', label: 'W', type: 'integer' }] })).statusCode,
    ).toBe(400);
    expect(
      (
        await put('options', {
          fields: [{ key: 'showroom', label: 'Showroom', type: 'reference', collection: 'nowhere' }],
        })
      ).statusCode,
    ).toBe(422);
    expect((await put('options', { fields: [{ key: 'finish', label: 'Finish', type: 'choice' }] })).statusCode).toBe(
      400,
    );
    expect((await onDemo('GET', '/api/schema/options/$')).json().schema.properties.price).toBeDefined();

    const saved = await put('options', { fields: [warranty] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().fields).toEqual([
      expect.objectContaining({ key: 'warrantyYears', type: 'integer', required: true }),
    ]);
    const described = (await onDemo('GET', '/api/schema/options/$')).json();
    expect(described.schema.properties.warrantyYears).toMatchObject({ type: 'integer' });
    expect(described.schema.required).toContain('warrantyYears');
    expect(described.ui.fields.warrantyYears).toMatchObject({ label: 'Warranty (years)' });
    // Shown in the list: right after the title, where the managers' list (its first columns) shows it.
    expect(described.ui.columns.indexOf('warrantyYears')).toBe(1);

    // The managers' saves are checked against it.
    const [option] = (await onDemo('GET', '/api/schema/options/?limit=1')).json() as Array<{
      _id: string;
      _version: number;
      name: string;
    }>;
    const without = await onDemo('PATCH', `/api/schema/options/${option!._id}`, {
      name: option!.name,
      _version: option!._version,
    });
    expect(without.statusCode).toBe(400);
    expect(JSON.stringify(without.json())).toContain('warrantyYears');
    expect(
      (
        await onDemo('PATCH', `/api/schema/options/${option!._id}`, {
          warrantyYears: 'five',
          _version: option!._version,
        })
      ).statusCode,
    ).toBe(400);
    const withIt = await onDemo('PATCH', `/api/schema/options/${option!._id}`, {
      warrantyYears: 5,
      _version: option!._version,
    });
    expect(withIt.statusCode).toBe(200);
    expect(withIt.json().warrantyYears).toBe(5);

    // Its kind cannot change; leaving it out hides it, and its data stays.
    expect((await put('options', { fields: [{ ...warranty, type: 'text' }] })).statusCode).toBe(422);
    const removed = await put('options', { fields: [] });
    expect(removed.json().fields).toEqual([
      expect.objectContaining({ key: 'warrantyYears', hidden: true, required: false }),
    ]);
    const after = (await onDemo('GET', '/api/schema/options/$')).json();
    expect(after.ui.fields.warrantyYears.hidden).toBe(true);
    expect(after.schema.required ?? []).not.toContain('warrantyYears');
    expect(after.ui.columns).not.toContain('warrantyYears');
    const kept = (await onDemo('GET', `/api/schema/options/${option!._id}`)).json();
    expect(kept.warrantyYears).toBe(5);
    expect(
      (await onDemo('PATCH', `/api/schema/options/${option!._id}`, { name: option!.name, _version: kept._version }))
        .statusCode,
    ).toBe(200);
    expect(await lastAudit('collection', `${demo._id}:options`)).toMatchObject({
      action: 'collection.update',
      after: { fields: [expect.objectContaining({ key: 'warrantyYears', hidden: true })] },
    });
  });

  it('defines a collection of the project’s own, with a required text and a checked link to the rooms', async () => {
    const put = (payload: object) => asAdmin('PUT', `/api/admin/projects/${demo._id}/models/showrooms`, payload);
    expect(
      (
        await asAdmin('PUT', `/api/admin/projects/${demo._id}/models/Show Rooms`, {
          fields: [{ key: 'name', label: 'Name', type: 'text' }],
        })
      ).statusCode,
    ).toBe(400);
    expect((await put({ label: 'Showrooms', fields: [] })).statusCode).toBe(422);
    const saved = await put({
      label: 'Showrooms',
      singular: 'Showroom',
      fields: [
        { key: 'name', label: 'Name', type: 'text', required: true, showInList: true },
        { key: 'room', label: 'Room on show', type: 'reference', collection: 'rooms' },
        { key: 'hours', label: 'Opening hours', type: 'choice', choices: ['Weekdays', 'Weekends'] },
      ],
    });
    expect(saved.statusCode).toBe(200);
    const models = (await asAdmin('GET', `/api/admin/projects/${demo._id}/models`)).json() as Array<{
      name: string;
      builtIn: boolean;
    }>;
    expect(models).toContainEqual(expect.objectContaining({ name: 'showrooms', builtIn: false }));
    const onDemo = (method: Method, url: string, payload?: object) =>
      app.inject({ method, url, headers: browserHeaders(cookies.manager), ...(payload ? { payload } : {}) });
    const rooms = (await onDemo('GET', '/api/schema/rooms/')).json() as Array<{ _id: string }>;
    expect((await onDemo('POST', '/api/schema/showrooms/', { room: rooms[0]!._id })).statusCode).toBe(400);
    expect(
      (await onDemo('POST', '/api/schema/showrooms/', { name: 'Sales centre', room: crypto.randomUUID() })).statusCode,
    ).toBe(422);
    expect((await onDemo('POST', '/api/schema/showrooms/', { name: 'Sales centre', hours: 'Always' })).statusCode).toBe(
      400,
    );
    const made = await onDemo('POST', '/api/schema/showrooms/', {
      name: 'Sales centre',
      room: rooms[0]!._id,
      hours: 'Weekends',
    });
    expect(made.statusCode).toBe(201);
    expect((await onDemo('GET', '/api/schema/showrooms/')).json()).toEqual([
      expect.objectContaining({ name: 'Sales centre', hours: 'Weekends' }),
    ]);
  });

  it('lets a collection of the project’s own declare who owns its items, and shows each buyer only theirs', async () => {
    const put = (name: string, payload: object) =>
      asAdmin('PUT', `/api/admin/projects/${demo._id}/models/${name}`, payload);
    const access = {
      read: 'own',
      ownership: { userField: 'person', through: { field: 'unit', collection: 'units', buyersField: 'buyers' } },
    };
    expect((await put('units', { fields: [], access })).statusCode).toBe(422);
    expect(
      (
        await put('appointments', {
          label: 'Appointments',
          fields: [{ key: 'title', label: 'Title', type: 'text', required: true }],
          access: { read: 'own', ownership: { userField: 'not a field' } },
        })
      ).statusCode,
    ).toBe(400);
    const saved = await put('appointments', {
      label: 'Appointments',
      singular: 'Appointment',
      fields: [
        { key: 'title', label: 'Title', type: 'text', required: true },
        { key: 'person', label: 'Person', type: 'text' },
        { key: 'unit', label: 'Unit', type: 'reference', collection: 'units' },
      ],
      access,
    });
    expect(saved.statusCode).toBe(200);
    const as = (who: Who, method: Method, url: string, payload?: object) =>
      app.inject({ method, url, headers: browserHeaders(cookies[who]), ...(payload ? { payload } : {}) });
    const buyer = (await as('buyer', 'GET', '/api/me')).json() as { _id: string };
    const units = (await as('manager', 'GET', '/api/schema/units/?limit=100')).json() as Array<{
      _id: string;
      buyers?: string[];
    }>;
    const theirs = units.find((u) => u.buyers?.includes(buyer._id))!._id;
    const otherUnit = units.find((u) => !u.buyers?.includes(buyer._id))!._id;
    for (const item of [
      { title: 'Named', person: buyer._id },
      { title: 'Their unit', unit: theirs },
      { title: 'Someone else', unit: otherUnit, person: 'someone-else' },
    ]) {
      const made = await as('manager', 'POST', '/api/schema/appointments/', item);
      expect(made.statusCode, made.body).toBe(201);
    }
    const seen = (await as('buyer', 'GET', '/api/schema/appointments/')).json() as Array<{ title: string }>;
    expect(seen.map((a) => a.title).sort()).toEqual(['Named', 'Their unit']);
    expect(((await as('manager', 'GET', '/api/schema/appointments/')).json() as unknown[]).length).toBe(3);
    expect((await as('visitor', 'GET', '/api/schema/appointments/')).statusCode).toBe(401);
    // Saved again without it, the collection keeps the access it declared.
    expect(
      (
        await put('appointments', {
          label: 'Appointments',
          fields: [
            { key: 'title', label: 'Title', type: 'text', required: true },
            { key: 'person', label: 'Person', type: 'text' },
            { key: 'unit', label: 'Unit', type: 'reference', collection: 'units' },
          ],
        })
      ).statusCode,
    ).toBe(200);
    expect(((await as('buyer', 'GET', '/api/schema/appointments/')).json() as unknown[]).length).toBe(2);
  });

  it('records signed-in people’s visits from the app’s own beacon, and shows who is on now', async () => {
    const userAgent =
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
    const beat = (cookie: string | undefined, payload: object) =>
      app.inject({
        method: 'POST',
        url: '/api/visits',
        headers: { ...browserHeaders(cookie), 'user-agent': userAgent },
        payload,
      });
    expect((await beat(undefined, { path: '/sign-in' })).statusCode).toBe(204);
    expect((await beat(cookies.buyer, { path: 'configure' })).statusCode).toBe(400);
    const first = (await beat(cookies.buyer, { path: '/' })).json() as { visit: string };
    expect((await beat(cookies.buyer, { visit: first.visit, path: '/configure' })).json().visit).toBe(first.visit);
    expect((await beat(cookies.buyer, { visit: first.visit, path: '/configure' })).json().visit).toBe(first.visit);
    // Someone else's visit is never continued: a beat with its id begins one of their own.
    expect((await beat(cookies.manager, { visit: first.visit, path: '/manage' })).json().visit).not.toBe(first.visit);
    const list = (await asAdmin('GET', '/api/admin/sessions?project=demo')).json() as {
      liveNow: number;
      items: Array<{
        _id: string;
        user: { email: string };
        device: string;
        pages: number;
        live: boolean;
        lastPath: string;
        project: { key: string } | null;
      }>;
    };
    const mine = list.items.find((v) => v._id === first.visit)!;
    expect(mine).toMatchObject({
      user: { email: 'buyer@demo.test' },
      device: 'Chrome on Android',
      pages: 2,
      live: true,
      lastPath: '/configure',
      project: { key: 'demo' },
    });
    expect(list.liveNow).toBeGreaterThanOrEqual(2);
    expect(
      (
        (await asAdmin('GET', '/api/admin/sessions?project=harbour')).json() as { items: Array<{ _id: string }> }
      ).items.some((v) => v._id === first.visit),
    ).toBe(false);
    expect((await asAdmin('GET', '/api/admin/sessions?before=yesterday')).statusCode).toBe(400);
  });

  it('records visits only of a project’s members, only to the app’s own pages, and a burst of beats as one visit, at most 60 a minute', async () => {
    const harbourBuyer = (await signIn(app, 'buyer@harbour.test', TEST_DEMO_PASSWORD, { remoteAddress: '10.7.0.1' }))
      .cookie;
    const beat = (cookie: string, payload: object) =>
      app.inject({ method: 'POST', url: '/api/visits', headers: browserHeaders(cookie), payload });
    const visitsOf = async (email: string) =>
      Number(
        (
          await sqlRows<{ n: number }>(
            db,
            sql`SELECT count(*)::int AS n FROM visits v JOIN users u ON u.id = v.user_id WHERE u.email = ${email}`,
          )
        )[0]!.n,
      );
    // Not a page of the app: refused in words, whoever asks.
    for (const path of ['/manage/anything', '/api/me', '//evil.example/', '/configure/x/y']) {
      const refused = await beat(cookies.buyer!, { path });
      expect([path, refused.statusCode, refused.json().error.message]).toEqual([
        path,
        400,
        expect.stringContaining('must be a page of the portal'),
      ]);
    }
    // A buyer of harbour beating in demo leaves nothing there.
    expect((await beat(harbourBuyer, { path: '/configure' })).statusCode).toBe(204);
    expect((await beat(harbourBuyer, { path: '/manage' })).statusCode).toBe(204);
    expect(await visitsOf('buyer@harbour.test')).toBe(0);
    // Sixty beats without a visit's id are one visit; the sixty-first in the minute is refused.
    const before = await visitsOf('marcus.reid@demo.test');
    const marcus = (await signIn(app, 'marcus.reid@demo.test', TEST_DEMO_PASSWORD, { remoteAddress: '10.7.0.2' }))
      .cookie;
    const answers = [];
    for (let i = 0; i < 60; i++) answers.push(await beat(marcus, { path: i % 2 ? '/configure' : '/explore' }));
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([200]));
    expect(new Set(answers.map((a) => a.json().visit)).size).toBe(1);
    expect(await visitsOf('marcus.reid@demo.test')).toBe(before + 1);
    const past = await beat(marcus, { path: '/configure' });
    expect(past.statusCode).toBe(429);
  });

  it('streams every committed change as it happens to an administrator (the pen stream)', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const events: Array<{ collection: string; id: string; op: string }> = [];
    let connected!: () => void;
    const isConnected = new Promise<void>((resolve) => (connected = resolve));
    const request = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/api/admin/changes/stream',
        headers: { ...browserHeaders(cookies.admin), 'accept-encoding': 'gzip, br' },
      },
      (response) => {
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toContain('text/event-stream');
        // Event by event, never held back by a compressor.
        expect(response.headers['content-encoding']).toBeUndefined();
        response.setEncoding('utf8');
        let buffer = '';
        response.on('data', (chunk: string) => {
          buffer += chunk;
          if (buffer.includes(': connected')) connected();
          for (const block of buffer.split('\n\n').slice(0, -1))
            if (block.startsWith('data: ')) events.push(JSON.parse(block.slice(6)));
          buffer = buffer.split('\n\n').at(-1)!;
        });
      },
    );
    try {
      await isConnected;
      const [option] = (
        await app.inject({
          method: 'GET',
          url: '/api/schema/options/?limit=1',
          headers: browserHeaders(cookies.manager),
        })
      ).json() as Array<{
        _id: string;
        _version: number;
      }>;
      const patched = await app.inject({
        method: 'PATCH',
        url: `/api/schema/options/${option!._id}`,
        headers: browserHeaders(cookies.manager),
        payload: { description: 'Streamed', _version: option!._version },
      });
      expect(patched.statusCode).toBe(200);
      await expect
        .poll(() => events.find((e) => e.id === option!._id))
        .toMatchObject({ collection: 'options', op: 'update' });
    } finally {
      request.destroy();
    }
  });

  it('finds people by e-mail or name and pages through them in e-mail order', async () => {
    const byName = ((await asAdmin('GET', '/api/admin/users?q=Olivia')).json() as { items: AdminUser[] }).items;
    expect(byName.map((u) => u.email)).toContain('olivia.chen@demo.test');
    const first = (await asAdmin('GET', '/api/admin/users')).json() as { items: AdminUser[]; next: string | null };
    const emails = first.items.map((u) => u.email);
    expect(emails).toEqual([...emails].sort());
    if (first.next) {
      const second = (await asAdmin('GET', `/api/admin/users?after=${encodeURIComponent(first.next)}`)).json() as {
        items: AdminUser[];
      };
      expect(second.items.every((u) => u.email > first.next!)).toBe(true);
    }
    // A search is text, never a pattern: % and _ match themselves.
    expect(((await asAdmin('GET', '/api/admin/users?q=%25')).json() as { items: AdminUser[] }).items).toEqual([]);
  });

  it('disables a person: every session of theirs stops at once, and they cannot sign in until enabled', async () => {
    const sofiaElsewhere = await cookieOf('sofia.martin@demo.test', '10.41.0.1');
    expect(
      (await app.inject({ method: 'GET', url: '/api/me', headers: browserHeaders(sofiaElsewhere) })).statusCode,
    ).toBe(200);
    const sofia = await userByEmail('sofia.martin@demo.test');
    expect(sofia.sessions).toBeGreaterThan(0);
    const disabled = (await asAdmin('PATCH', `/api/admin/users/${sofia._id}`, { disabled: true })).json() as AdminUser;
    expect(disabled).toMatchObject({ disabled: true, sessions: 0 });
    expect(
      (await app.inject({ method: 'GET', url: '/api/me', headers: browserHeaders(sofiaElsewhere) })).statusCode,
    ).toBe(401);
    const again = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: browserHeaders(),
      payload: { email: 'sofia.martin@demo.test', password: TEST_DEMO_PASSWORD },
      remoteAddress: '10.41.0.2',
    });
    expect(again.statusCode).toBe(403);
    expect(again.json().error).toMatchObject({
      message: 'This account has been turned off. Contact the design centre if you think this is a mistake.',
      details: { providerCode: 'auth/user-disabled' },
    });
    expect(again.headers['set-cookie'] ?? []).not.toContainEqual(expect.stringMatching(/session_token=[^;]+/));
    expect(await lastAudit('user', sofia._id)).toMatchObject({
      action: 'user.update',
      before: { disabled: false },
      after: { disabled: true },
    });
    expect((await asAdmin('PATCH', `/api/admin/users/${sofia._id}`, { disabled: false })).json().disabled).toBe(false);
    expect((await cookieOf('sofia.martin@demo.test', '10.41.0.3')).length).toBeGreaterThan(0);
  });

  it('keeps an admin from removing their own admin rights or disabling themselves', async () => {
    for (const patch of [{ isAdmin: false }, { disabled: true }]) {
      const refused = await asAdmin('PATCH', `/api/admin/users/${me._id}`, patch);
      expect(refused.statusCode).toBe(422);
    }
    expect((await asAdmin('GET', `/api/admin/users/${me._id}`)).json()).toMatchObject({
      isAdmin: true,
      disabled: false,
    });
    expect((await asAdmin('PATCH', `/api/admin/users/${me._id}`, { isAdmin: 'yes' })).statusCode).toBe(400);
    expect((await asAdmin('PATCH', `/api/admin/users/${me._id}`, {})).statusCode).toBe(400);
  });

  it('grants, changes and removes a person’s role in a project, each audited', async () => {
    const hannah = await userByEmail('hannah.lee@demo.test');
    const harbour = (
      await app.inject({ method: 'GET', url: '/api/project', headers: onProject('harbour') })
    ).json() as { _id: string };
    const granted = (
      await asAdmin('PUT', `/api/admin/users/${hannah._id}/memberships/${harbour._id}`, { role: 'manager' })
    ).json() as AdminUser;
    expect(granted.memberships).toContainEqual(expect.objectContaining({ projectKey: 'harbour', role: 'manager' }));
    const hannahCookie = await cookieOf('hannah.lee@demo.test', '10.42.0.1');
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/api/manage/dashboard',
          headers: browserHeaders(hannahCookie, `harbour.${TEST_PORTAL_HOST}`),
        })
      ).statusCode,
    ).toBe(200);
    const changed = (
      await asAdmin('PUT', `/api/admin/users/${hannah._id}/memberships/${harbour._id}`, { role: 'purchaser' })
    ).json() as AdminUser;
    expect(changed.memberships).toContainEqual(expect.objectContaining({ projectKey: 'harbour', role: 'purchaser' }));
    expect(await lastAudit('membership', `${harbour._id}:${hannah._id}`)).toMatchObject({
      action: 'membership.change',
      before: { role: 'manager' },
      after: { role: 'purchaser' },
    });
    const removed = (
      await asAdmin('DELETE', `/api/admin/users/${hannah._id}/memberships/${harbour._id}`)
    ).json() as AdminUser;
    expect(removed.memberships.some((m) => m.projectKey === 'harbour')).toBe(false);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/api/manage/dashboard',
          headers: browserHeaders(hannahCookie, `harbour.${TEST_PORTAL_HOST}`),
        })
      ).statusCode,
    ).toBe(403);
    expect((await asAdmin('DELETE', `/api/admin/users/${hannah._id}/memberships/${harbour._id}`)).statusCode).toBe(404);
    expect(
      (await asAdmin('PUT', `/api/admin/users/${hannah._id}/memberships/${harbour._id}`, { role: 'owner' })).statusCode,
    ).toBe(400);
  });

  it('signs a person out everywhere and mails them a reset link from their project’s address', async () => {
    const marcus = await userByEmail('marcus.reid@demo.test');
    const elsewhere = await cookieOf('marcus.reid@demo.test', '10.43.0.1');
    expect((await asAdmin('POST', `/api/admin/users/${marcus._id}/sign-out`, {})).json().ended).toBeGreaterThan(0);
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: browserHeaders(elsewhere) })).statusCode).toBe(
      401,
    );
    expect((await asAdmin('POST', `/api/admin/users/${marcus._id}/reset-link`, {})).json()).toEqual({
      sentTo: 'marcus.reid@demo.test',
    });
    const reset = await mail!.waitFor('marcus.reid@demo.test', /new password/);
    const home = (await userByEmail('marcus.reid@demo.test')).memberships[0]!.projectKey;
    expect(linkIn(reset, `http://${home}.${TEST_PORTAL_HOST}/my-account?mode=resetPassword&token=`)).toMatch(/token=/);
  });

  it('creates, changes and deletes deploys, with the projects they serve, and refuses bad ones whole', async () => {
    const harbour = (
      await app.inject({ method: 'GET', url: '/api/project', headers: onProject('harbour') })
    ).json() as { _id: string };
    for (const bad of [
      { name: '', type: 'staging', host: 'staging.example.com', projects: [] },
      { name: 'Staging', type: 'qa', host: 'staging.example.com', projects: [] },
      { name: 'Staging', type: 'staging', host: 'http://staging.example.com/', projects: [] },
      { name: 'Staging', type: 'staging', host: 'staging.example.com', projects: ['not-a-uuid'] },
    ]) {
      expect((await asAdmin('POST', '/api/deploys', bad)).statusCode).toBe(400);
    }
    const missing = await asAdmin('POST', '/api/deploys', {
      name: 'Staging',
      type: 'staging',
      host: 'staging.example.com',
      projects: [crypto.randomUUID()],
    });
    expect(missing.statusCode).toBe(422);
    const created = await asAdmin('POST', '/api/deploys', {
      name: 'Staging',
      type: 'staging',
      host: 'Staging.Example.com',
      projects: [demo._id],
    });
    expect(created.statusCode).toBe(201);
    const deploy = created.json();
    expect(deploy).toMatchObject({
      name: 'Staging',
      type: 'staging',
      host: 'staging.example.com',
      projects: [expect.objectContaining({ key: 'demo', fullKey: 'demo.staging.example.com' })],
    });
    const changed = (
      await asAdmin('PUT', `/api/deploys/${deploy._id}`, {
        name: 'Staging EU',
        type: 'staging',
        host: 'eu.example.com',
        projects: [demo._id, harbour._id],
      })
    ).json();
    expect(changed.projects.map((p: { fullKey: string }) => p.fullKey).sort()).toEqual([
      'demo.eu.example.com',
      'harbour.eu.example.com',
    ]);
    // The quick box serves what was saved.
    expect(
      ((await asAdmin('GET', '/api/deploys')).json() as Array<{ name: string }>).some((d) => d.name === 'Staging EU'),
    ).toBe(true);
    expect(await lastAudit('deploy', deploy._id)).toMatchObject({
      action: 'deploy.update',
      before: { name: 'Staging' },
      after: { name: 'Staging EU' },
    });
    expect((await asAdmin('DELETE', `/api/deploys/${deploy._id}`)).statusCode).toBe(204);
    expect((await asAdmin('DELETE', `/api/deploys/${deploy._id}`)).statusCode).toBe(404);
    expect(
      ((await asAdmin('GET', '/api/deploys')).json() as Array<{ name: string }>).some((d) => d.name === 'Staging EU'),
    ).toBe(false);
  });

  it('sets platform feature flags that /api/env serves, and removes them', async () => {
    expect((await asAdmin('PUT', '/api/admin/features', { key: 'Live Chat', enabled: true })).statusCode).toBe(400);
    const set = await asAdmin('PUT', '/api/admin/features', {
      key: 'liveChat',
      enabled: true,
      description: 'Chat with the design centre',
    });
    expect(set.statusCode).toBe(200);
    const env = (await app.inject({ method: 'GET', url: '/api/env', headers: browserHeaders(cookies.buyer) })).json();
    expect(env.features.liveChat).toBe(true);
    await asAdmin('PUT', '/api/admin/features', { key: 'liveChat', enabled: false });
    const flags = (await asAdmin('GET', '/api/admin/features')).json() as Array<{
      key: string;
      enabled: boolean;
      description: string;
    }>;
    // Turning it off keeps its description.
    expect(flags.find((f) => f.key === 'liveChat')).toMatchObject({
      enabled: false,
      description: 'Chat with the design centre',
    });
    expect((await app.inject({ method: 'GET', url: '/api/env' })).json().features.liveChat).toBe(false);
    // A project may turn a flag on for itself; removing its own setting gives it the platform's again.
    const current = (await asAdmin('GET', '/api/project')).json() as { _version: number };
    expect(
      (
        await asAdmin('PATCH', `/api/projects/${demo._id}`, {
          features: { liveChat: true },
          _version: current._version,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await app.inject({ method: 'GET', url: '/api/env', headers: browserHeaders() })).json().features.liveChat,
    ).toBe(true);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/api/env',
          headers: browserHeaders(undefined, `harbour.${TEST_PORTAL_HOST}`),
        })
      ).json().features.liveChat,
    ).toBe(false);
    expect(
      (await asAdmin('PATCH', `/api/projects/${demo._id}`, { features: { liveChat: null } })).json().features.liveChat,
    ).toBeUndefined();
    expect(
      (await app.inject({ method: 'GET', url: '/api/env', headers: browserHeaders() })).json().features.liveChat,
    ).toBe(false);
    expect((await asAdmin('PATCH', `/api/projects/${demo._id}`, { features: { 'live chat': true } })).statusCode).toBe(
      400,
    );
    expect(await lastAudit('feature', 'liveChat')).toMatchObject({
      action: 'feature.update',
      before: { enabled: true },
      after: { enabled: false },
    });
    expect((await asAdmin('DELETE', '/api/admin/features/liveChat')).statusCode).toBe(200);
    expect((await asAdmin('DELETE', '/api/admin/features/liveChat')).statusCode).toBe(404);
  });
});
