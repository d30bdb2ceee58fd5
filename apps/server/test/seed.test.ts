import { describe, expect, it } from 'vitest';
import { missingRequired, type RuleCategory, type RuleOption, type Selection } from '@decor/core';
import { and, eq } from 'drizzle-orm';
import { hash, verify } from '@node-rs/argon2';
import { accounts, deployProjects, deploys, items, memberships, projects, users } from '../src/db/schema/index.ts';
import { seedDemo } from '../src/db/seed/seed.ts';
import { demoAccountsNotice } from '../src/db/seed/demo-password.ts';
import { createTestApp, testDbKind, TEST_DEMO_PASSWORD, TEST_PORTAL_HOST } from './support/test-app.ts';

const { db } = await createTestApp();

type Data = Record<string, unknown>;

async function collection(projectKey: string, name: string): Promise<Array<{ id: string; data: Data }>> {
  const [project] = await db.select().from(projects).where(eq(projects.key, projectKey));
  return db
    .select({ id: items.id, data: items.data })
    .from(items)
    .where(and(eq(items.projectId, project!.id), eq(items.collection, name)));
}

async function userByEmail(email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user!;
}

describe(`demo data (${testDbKind})`, () => {
  it('has a realistic catalogue for Maple Residences', async () => {
    const rooms = await collection('demo', 'rooms');
    const categories = await collection('demo', 'categories');
    const options = await collection('demo', 'options');
    expect(rooms.length).toBeGreaterThanOrEqual(5);
    expect(categories.length).toBeGreaterThanOrEqual(8);
    expect(categories.filter((c) => c.data.required === true).length).toBeGreaterThanOrEqual(3);
    expect(categories.some((c) => c.data.multiple === true)).toBe(true);
    expect(options.length).toBeGreaterThanOrEqual(60);
    for (const option of options) {
      expect(Number.isInteger(option.data.price)).toBe(true);
      expect(option.data.level).toBeGreaterThanOrEqual(1);
      expect(option.data.level).toBeLessThanOrEqual(4);
    }
    expect(options.filter((o) => o.data.price === 0).length).toBeGreaterThan(5);
    expect(options.filter((o) => (o.data.swatch as { color?: string } | null)?.color).length).toBeGreaterThan(40);
    expect(options.some((o) => (o.data.requires as string[]).length > 0)).toBe(true);
    expect(options.some((o) => (o.data.excludes as string[]).length > 0)).toBe(true);
    expect(options.some((o) => (o.data.plans as string[]).length === 1)).toBe(true);
  });

  it('keeps every reference inside the project', async () => {
    const ids = new Set(
      (await Promise.all(['rooms', 'categories', 'options', 'plans'].map((c) => collection('demo', c))))
        .flat()
        .map((i) => i.id),
    );
    for (const option of await collection('demo', 'options')) {
      const refs = [
        option.data.category,
        ...(option.data.rooms as string[]),
        ...(option.data.plans as string[]),
        ...(option.data.requires as string[]),
        ...(option.data.excludes as string[]),
      ];
      for (const ref of refs) expect(ids.has(ref as string)).toBe(true);
    }
  });

  it('has 2 packages, 2 plans and 20+ units over several floors with statuses', async () => {
    expect(await collection('demo', 'packages')).toHaveLength(2);
    expect(await collection('demo', 'plans')).toHaveLength(2);
    const units = await collection('demo', 'units');
    expect(units.length).toBeGreaterThanOrEqual(20);
    expect(new Set(units.map((u) => u.data.floor)).size).toBeGreaterThan(3);
    expect(new Set(units.map((u) => u.data.status))).toEqual(new Set(['available', 'reserved', 'sold']));
  });

  it('gives the demo accounts their roles, verified and with terms accepted', async () => {
    const [demo] = await db.select().from(projects).where(eq(projects.key, 'demo'));
    const [harbour] = await db.select().from(projects).where(eq(projects.key, 'harbour'));
    const roleOf = async (email: string, projectId: string) => {
      const user = await userByEmail(email);
      const [membership] = await db
        .select()
        .from(memberships)
        .where(and(eq(memberships.userId, user.id), eq(memberships.projectId, projectId)));
      return membership?.role ?? null;
    };
    expect((await userByEmail('admin@demo.test')).isAdmin).toBe(true);
    expect(await roleOf('manager@demo.test', demo!.id)).toBe('manager');
    expect(await roleOf('buyer@demo.test', demo!.id)).toBe('purchaser');
    expect(await roleOf('manager@harbour.test', harbour!.id)).toBe('manager');
    expect(await roleOf('manager@harbour.test', demo!.id)).toBeNull();
    expect(await roleOf('manager@demo.test', harbour!.id)).toBeNull();
    for (const email of ['admin@demo.test', 'manager@demo.test', 'buyer@demo.test', 'manager@harbour.test']) {
      const user = await userByEmail(email);
      expect(user.emailVerified).toBe(true);
      expect(user.termsAcceptedAt).toBeInstanceOf(Date);
      const [credential] = await db.select().from(accounts).where(eq(accounts.userId, user.id));
      expect(credential!.password).toMatch(/^\$argon2id\$/);
      expect(await verify(credential!.password!, TEST_DEMO_PASSWORD)).toBe(true);
    }
  });

  it('gives buyer@demo.test a unit, a draft cart and a deadline three weeks out', async () => {
    const buyer = await userByEmail('buyer@demo.test');
    const units = await collection('demo', 'units');
    const unit = units.find((u) => (u.data.buyers as string[]).includes(buyer.id));
    expect(unit).toBeDefined();
    const cart = (await collection('demo', 'carts')).find((c) => c.data.owner === buyer.id)!;
    expect(cart.data).toMatchObject({ unit: unit!.id, status: 'draft' });
    const daysLeft = (Date.parse(cart.data.deadline as string) - Date.now()) / 86_400_000;
    expect(daysLeft).toBeGreaterThan(20);
    expect(daysLeft).toBeLessThanOrEqual(21);
  });

  it('has at least five more buyers with carts in different states, totals matching prices', async () => {
    const carts = await collection('demo', 'carts');
    expect(carts.length).toBeGreaterThanOrEqual(6);
    expect(new Set(carts.map((c) => c.data.status))).toEqual(new Set(['draft', 'submitted', 'approved']));
    expect(carts.some((c) => Date.parse(c.data.deadline as string) < Date.now())).toBe(true);
    const price = new Map((await collection('demo', 'options')).map((o) => [o.id, o.data.price as number]));
    for (const cart of carts) {
      const selections = cart.data.selections as Array<{ option: string; quantity: number }>;
      expect(cart.data.total).toBe(selections.reduce((sum, s) => sum + price.get(s.option)! * s.quantity, 0));
    }
    expect(await collection('demo', 'purchases')).toHaveLength(1);
    const buyers = await db.select().from(memberships).where(eq(memberships.role, 'purchaser'));
    expect(buyers.length).toBeGreaterThanOrEqual(7);
  });

  it('obeys the rules it demonstrates: every signed selection has every required choice, so a returned one can be signed again', async () => {
    for (const key of ['demo', 'harbour']) {
      const byId = async (name: string) =>
        new Map(
          (await collection(key, name)).map((row) => [row.id, { _id: row.id, ...row.data } as Data & { _id: string }]),
        );
      const [options, categories, units, plans] = await Promise.all([
        byId('options'),
        byId('categories'),
        byId('units'),
        byId('plans'),
      ]);
      const signed = (await collection(key, 'carts')).filter((cart) => cart.data.status !== 'draft');
      for (const cart of signed) {
        const plan = plans.get(String(units.get(String(cart.data.unit))?.plan));
        const missing = missingRequired(cart.data.selections as Selection[], {
          options: options as unknown as Map<string, RuleOption>,
          categories: categories as unknown as Map<string, RuleCategory>,
          planRooms: (plan?.rooms as string[] | undefined) ?? null,
        });
        expect([key, cart.id, missing.map((m) => m.category.name)]).toEqual([key, cart.id, []]);
      }
    }
  });

  it('lists both projects on a development deploy', async () => {
    const [deploy] = await db.select().from(deploys);
    expect(deploy).toMatchObject({ type: 'development', host: TEST_PORTAL_HOST });
    const listed = await db.select().from(deployProjects).where(eq(deployProjects.deployId, deploy!.id));
    expect(listed.map((row) => row.fullKey).sort()).toEqual([
      `demo.${TEST_PORTAL_HOST}`,
      `harbour.${TEST_PORTAL_HOST}`,
    ]);
  });

  it('is idempotent: a second run changes nothing', async () => {
    const count = async () => ({
      users: (await db.select().from(users)).length,
      items: (await db.select().from(items)).length,
      projects: (await db.select().from(projects)).length,
      memberships: (await db.select().from(memberships)).length,
      deployProjects: (await db.select().from(deployProjects)).length,
    });
    const before = await count();
    const result = await seedDemo({ db, password: TEST_DEMO_PASSWORD, portalHost: TEST_PORTAL_HOST });
    expect(result.createdProjects).toEqual([]);
    expect(await count()).toEqual(before);
  });

  it('never changes the password of an account that exists, whatever DEMO_PASSWORD says', async () => {
    const admin = await userByEmail('admin@demo.test');
    const chosen = await hash('the-admin-chose-this-1');
    await db.update(accounts).set({ password: chosen }).where(eq(accounts.userId, admin.id));
    for (const password of [TEST_DEMO_PASSWORD, 'a-new-demo-password']) {
      const result = await seedDemo({ db, password, portalHost: TEST_PORTAL_HOST });
      expect(result.createdAccounts).toEqual([]);
      const [credential] = await db.select().from(accounts).where(eq(accounts.userId, admin.id));
      expect(credential!.password).toBe(chosen);
      expect(await verify(credential!.password!, password)).toBe(false);
    }
  });
});

describe('what a start prints about the demo accounts', () => {
  const base = { password: 'printed-once-1', dataDir: '/srv/decor' };
  it('shows the password only when this start generated it for accounts it created', () => {
    expect(demoAccountsNotice({ ...base, generated: true, createdAccounts: ['admin@demo.test'] })).toContain(
      'printed-once-1',
    );
    for (const notice of [
      demoAccountsNotice({ ...base, generated: false, createdAccounts: ['admin@demo.test'] }),
      demoAccountsNotice({ ...base, generated: false, createdAccounts: [] }),
      demoAccountsNotice({ ...base, generated: true, createdAccounts: [] }),
    ]) {
      expect(notice).not.toContain('printed-once-1');
    }
    expect(demoAccountsNotice({ ...base, generated: false, createdAccounts: [] })).toContain(
      '/srv/decor/demo-password',
    );
  });
});

describe(`demo data against the schemas and rules (${testDbKind})`, () => {
  it('validates every seeded item against its collection schema, and every cart against the rules', async () => {
    const { resolveCollection } = await import('../src/modules/decor/collections.registry.ts');
    const { enforceCartRules } = await import('../src/modules/carts/carts.rules.ts');
    for (const projectKey of ['demo', 'harbour']) {
      const [project] = await db.select().from(projects).where(eq(projects.key, projectKey));
      for (const name of ['rooms', 'categories', 'options', 'packages', 'plans', 'units', 'carts', 'purchases']) {
        const definition = (await resolveCollection(db, project!.id, name))!;
        for (const item of await collection(projectKey, name)) {
          const valid = definition.validate(structuredClone(item.data));
          expect(valid, `${projectKey} ${name} ${JSON.stringify(definition.validate.errors)}`).toBe(true);
        }
      }
      for (const cart of await collection(projectKey, 'carts')) {
        await expect(enforceCartRules(db, project!.id, cart.data)).resolves.toBeTruthy();
      }
    }
  });
});
