import { eq, inArray } from 'drizzle-orm';
import { uuidv7 } from '../../lib/ids.ts';
import { hash } from '@node-rs/argon2';
import {
  appointmentTypeInputSchema,
  consultantInputSchema,
  paymentTermsSchema,
  percentOf,
  slugify,
  taxesOn,
} from '@decor/core';
import { type Db, withTransaction } from '../client.ts';
import {
  accounts,
  appointmentTypes,
  consultants,
  deployProjects,
  deploys,
  items,
  ledgerEntries,
  memberships,
  optionCosts,
  paymentPlans,
  projects,
  receiptCounters,
  users,
} from '../schema/index.ts';
import { ADMIN_ACCOUNT, demoProject, harbourProject, type OptionSeed, type ProjectSeed } from './demo-catalogue.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
export const LOCAL_DEPLOY_NAME = 'Local development';

interface Person {
  email: string;
  name: string;
  isAdmin?: boolean;
}

export interface SeedInput {
  db: Db;
  password: string;
  portalHost: string;
  now?: Date;
}

export interface SeedResult {
  /** The keys of the projects this run created (empty when all existed already). */
  createdProjects: string[];
  accounts: string[];
  /** The accounts this run created, with the given password; existing ones keep theirs. */
  createdAccounts: string[];
}

/**
 * Seeds the demo platform: an admin, the `demo` and `harbour` projects with their
 * catalogues, units, managers, buyers and carts, and a development deploy listing them.
 * Idempotent: existing people (their passwords included) and projects are left as they are.
 */
export async function seedDemo({ db, password, portalHost, now = new Date() }: SeedInput): Promise<SeedResult> {
  const seeds = [demoProject, harbourProject];
  const people: Person[] = [
    { ...ADMIN_ACCOUNT, isAdmin: true },
    ...seeds.flatMap((seed) => [...seed.managers, ...seed.buyers]),
  ];
  return withTransaction(db, async (tx) => {
    const { ids: userIds, created } = await ensureUsers(tx, people, password, now);
    const createdProjects: string[] = [];
    for (const seed of seeds) {
      const [existing] = await tx.select({ id: projects.id }).from(projects).where(eq(projects.key, seed.key));
      if (existing) continue;
      await insertProject(tx, seed, userIds, now);
      createdProjects.push(seed.key);
    }
    await ensureLocalDeploy(tx, portalHost);
    return { createdProjects, accounts: people.map((p) => p.email), createdAccounts: created };
  });
}

async function ensureUsers(db: Db, people: Person[], password: string, now: Date) {
  const emails = people.map((p) => p.email);
  const existing = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, emails));
  const ids = new Map(existing.map((u) => [u.email, u.id]));
  // Hashing costs tens of milliseconds: only when an account is made. An existing account's
  // password is never touched: a person may have changed it (docs/security.md, "Demo accounts").
  let hashed: Promise<string> | undefined;
  const passwordHash = () => (hashed ??= hash(password));
  const fresh = people.filter((p) => !ids.has(p.email)).map((p) => ({ ...p, id: uuidv7() }));
  if (fresh.length > 0) {
    const freshHash = await passwordHash();
    await db.insert(users).values(
      fresh.map((p) => ({
        id: p.id,
        email: p.email,
        name: p.name,
        emailVerified: true,
        isAdmin: p.isAdmin ?? false,
        termsAcceptedAt: now,
      })),
    );
    await db.insert(accounts).values(
      fresh.map((p) => ({
        id: uuidv7(),
        accountId: p.id,
        providerId: 'credential',
        userId: p.id,
        password: freshHash,
      })),
    );
    for (const p of fresh) ids.set(p.email, p.id);
  }
  return { ids, created: fresh.map((p) => p.email) };
}

type ItemRow = typeof items.$inferInsert;

async function insertProject(db: Db, seed: ProjectSeed, userIds: Map<string, string>, now: Date) {
  const projectId = uuidv7();
  await db.insert(projects).values({
    id: projectId,
    key: seed.key,
    name: seed.name,
    currency: seed.currency,
    options: seed.options,
    features: {},
    theme: seed.theme,
  });
  await insertProjectItems(db, projectId, seed, userIds, now);
  await insertDesignCentre(db, projectId, seed, userIds);
}

/** The demo's consultants and kinds of meeting (docs/appointments.md), read through the API's own rules. */
async function insertDesignCentre(db: Db, projectId: string, seed: ProjectSeed, userIds: Map<string, string>) {
  if (!seed.appointments) return;
  for (const { email, ...hours } of seed.appointments.consultants) {
    const input = consultantInputSchema.parse({ ...hours, userId: userIds.get(email) });
    await db.insert(consultants).values({ id: uuidv7(), projectId, ...input });
  }
  for (const type of seed.appointments.types) {
    const input = appointmentTypeInputSchema.parse(type);
    await db.insert(appointmentTypes).values({ id: uuidv7(), projectId, ...input });
  }
}

/** An option's swatch for the 3D rooms: its colour and surface, or none. */
const swatchOf = (option: OptionSeed) =>
  option.colour
    ? { color: option.colour, roughness: option.roughness ?? 0.6, metalness: option.metalness ?? 0, scale: 1 }
    : null;

/**
 * The demo's catalogue for a new project (the admins' wizard, docs/admin.md): its rooms, plans,
 * categories, options, packages and units, with no people and no selections.
 */
export async function insertDemoCatalogue(
  db: Db,
  projectId: string,
  projectKey: string,
  now = new Date(),
): Promise<void> {
  await insertProjectItems(
    db,
    projectId,
    { ...demoProject, key: projectKey, managers: [], buyers: [] },
    new Map(),
    now,
  );
}

async function insertProjectItems(
  db: Db,
  projectId: string,
  seed: ProjectSeed,
  userIds: Map<string, string>,
  now: Date,
) {
  const rows: ItemRow[] = [];
  const add = (collection: string, data: Record<string, unknown>) => {
    const id = uuidv7();
    rows.push({ projectId, collection, id, data });
    return id;
  };
  const lookup = (kind: string, ids: Map<string, string>) => (name: string) => {
    const id = ids.get(name);
    if (!id) throw new Error(`Demo data of ${seed.key}: no ${kind} named "${name}"`);
    return id;
  };

  // The French words its design centre wrote beside each English name and description.
  const french = (fields: Record<string, string>) => {
    const words = Object.fromEntries(
      Object.entries(fields).flatMap(([field, english]) =>
        seed.french?.[english] ? [[field, seed.french[english]]] : [],
      ),
    );
    return { translations: Object.keys(words).length ? { 'fr-CA': words } : {} };
  };
  const roomIds = new Map(
    seed.rooms.map(
      (room) =>
        [room.name, add('rooms', { ...room, slug: slugify(room.name), ...french({ name: room.name }) })] as const,
    ),
  );
  const roomId = lookup('room', roomIds);

  const planIds = new Map(
    seed.plans.map(
      (plan) =>
        [plan.name, add('plans', { ...plan, rooms: plan.rooms.map(roomId), ...french({ name: plan.name }) })] as const,
    ),
  );
  const planId = lookup('plan', planIds);

  // Options refer to each other by name, so give every option its id before any is written.
  const optionIds = new Map(seed.categories.flatMap((c) => c.options.map((o) => [o.name, uuidv7()] as const)));
  const optionId = lookup('option', optionIds);
  const prices = new Map<string, number>();
  seed.categories.forEach((category, categoryIndex) => {
    const categoryId = add('categories', {
      name: category.name,
      rooms: category.rooms.map(roomId),
      order: categoryIndex,
      required: category.required,
      multiple: category.multiple,
      quantities: category.quantities ?? false,
      allowance: category.allowance,
      surface: category.surface,
      ...french({ name: category.name }),
    });
    category.options.forEach((option, optionIndex) => {
      const id = optionId(option.name);
      prices.set(id, option.price);
      rows.push({
        projectId,
        collection: 'options',
        id,
        data: {
          name: option.name,
          category: categoryId,
          rooms: (option.rooms ?? category.rooms).map(roomId),
          sku: `${seed.key}-${slugify(category.name)}-${String(optionIndex + 1).padStart(2, '0')}`.toUpperCase(),
          vendor: option.vendor,
          description: option.description,
          price: option.price,
          level: option.level,
          ...(option.recommendation ? { recommendation: option.recommendation } : {}),
          standard: option.price === 0,
          images: [],
          swatch: swatchOf(option),
          plans: (option.plans ?? []).map(planId),
          requires: (option.requires ?? []).map(optionId),
          excludes: (option.excludes ?? []).map(optionId),
          active: true,
          ...french({ name: option.name, description: option.description }),
        },
      });
    });
  });

  for (const pkg of seed.packages) {
    add('packages', {
      ...pkg,
      options: pkg.options.map(optionId),
      image: null,
      ...french({ name: pkg.name, description: pkg.description }),
    });
  }

  const unitIds = new Map<string, string>();
  const buyersOfUnit = (unitName: string) =>
    seed.buyers.filter((b) => b.unit === unitName).map((b) => userIds.get(b.email)!);
  const deadlineOfUnit = (unitName: string) => {
    const owner = seed.buyers.find((b) => b.unit === unitName && b.cart);
    return owner?.cart ? new Date(now.getTime() + owner.cart.deadlineInDays * DAY_MS).toISOString() : null;
  };
  for (const unit of seed.units) {
    const plan = seed.plans.find((p) => p.name === unit.plan)!;
    unitIds.set(
      unit.name,
      add('units', {
        name: unit.name,
        floor: unit.floor,
        plan: planId(unit.plan),
        status: unit.status,
        basePrice: unit.basePrice,
        buyers: buyersOfUnit(unit.name),
        deadline: deadlineOfUnit(unit.name),
        area: plan.area,
      }),
    );
  }

  const managerId = seed.managers[0] ? userIds.get(seed.managers[0].email)! : null;
  for (const buyer of seed.buyers) {
    if (!buyer.cart) continue;
    // A signed selection obeys the rules it demonstrates: every required choice is made (docs/selection-rules.md).
    const choices =
      buyer.cart.status === 'draft' ? buyer.cart.choices : withStandardChoices(seed, buyer.unit, buyer.cart.choices);
    const selections = choices.map(([room, option, quantity = 1]) => ({
      option: optionId(option),
      room: roomId(room),
      quantity,
    }));
    const total = selections.reduce((sum, s) => sum + prices.get(s.option)! * s.quantity, 0);
    const owner = userIds.get(buyer.email)!;
    const unitId = lookup('unit', unitIds)(buyer.unit);
    const cartId = add('carts', {
      unit: unitId,
      owner,
      selections,
      package: null,
      status: buyer.cart.status,
      total,
      deadline: new Date(now.getTime() + buyer.cart.deadlineInDays * DAY_MS).toISOString(),
      notes: buyer.cart.notes ?? '',
      signature:
        buyer.cart.status === 'draft'
          ? null
          : { name: buyer.name, signedAt: new Date(now.getTime() - 2 * DAY_MS).toISOString(), total },
    });
    if (buyer.cart.status === 'approved') {
      add('purchases', {
        cart: cartId,
        unit: unitId,
        buyer: owner,
        lines: selections.map((s) => ({ ...s, price: prices.get(s.option)! })),
        total,
        currency: seed.currency,
        approvedBy: managerId,
        approvedAt: new Date(now.getTime() - DAY_MS).toISOString(),
        revision: 1,
      });
    }
  }

  await db.insert(items).values(rows);
  await insertDemoCosts(db, projectId, rows);
  await insertSignedMoney(db, { projectId, seed, rows, prices, managerId, now });
  const members = [
    ...seed.managers.map((m) => ({ projectId, userId: userIds.get(m.email)!, role: 'manager' as const })),
    ...seed.buyers.map((b) => ({ projectId, userId: userIds.get(b.email)!, role: 'purchaser' as const })),
  ];
  if (members.length) await db.insert(memberships).values(members);
}

/**
 * What the demo's upgrades cost the builder (docs/reports.md, "Cost and margin"): a share of each
 * price that shrinks as the level rises, so the margin report has something to say.
 */
async function insertDemoCosts(db: Db, projectId: string, rows: Array<typeof items.$inferInsert>) {
  const costs = rows
    .filter((row) => row.collection === 'options' && Number(row.data.price) > 0)
    .map((row) => ({
      projectId,
      optionId: row.id,
      cost: Math.round((Number(row.data.price) * (0.7 - 0.05 * Number(row.data.level ?? 1))) / 100) * 100,
    }));
  if (costs.length) await db.insert(optionCosts).values(costs);
}

/**
 * What the demo's signed selections owe under the project's terms (docs/payments.md), as their
 * signatures would have recorded it, and the approved ones' deposits received by cheque.
 */
async function insertSignedMoney(
  db: Db,
  {
    projectId,
    seed,
    rows,
    prices,
    managerId,
    now,
  }: {
    projectId: string;
    seed: ProjectSeed;
    rows: ItemRow[];
    prices: Map<string, number>;
    managerId: string | null;
    now: Date;
  },
) {
  type SeededCart = {
    unit: string;
    status: string;
    selections: Array<{ option: string; quantity: number }>;
    signature: { signedAt: string } | null;
  };
  const signed = rows.flatMap((row) => {
    const cart = row.data as SeededCart;
    if (row.collection !== 'carts' || !cart.signature) return [];
    return [
      {
        cartId: row.id,
        unitId: cart.unit,
        signedAt: cart.signature.signedAt,
        amounts: cart.selections.map((s) => prices.get(s.option)! * s.quantity),
        approved: cart.status === 'approved',
      },
    ];
  });
  if (!signed.length) return;
  const terms = paymentTermsSchema.parse(seed.options.payments ?? {});
  const depositPercent = seed.options.depositPercent ?? 0;
  const plans = signed.map((cart) => ({ cart, taxed: taxesOn(cart.amounts, terms) }));
  await db.insert(paymentPlans).values(
    plans.map(({ cart, taxed }) => ({
      projectId,
      cartId: cart.cartId,
      unitId: cart.unitId,
      revision: 1,
      signedAt: new Date(cart.signedAt),
      currency: seed.currency,
      terms,
      depositPercent,
      net: taxed.net,
      taxes: taxed.taxes,
      gross: taxed.gross,
      specialOrderGross: 0,
    })),
  );
  const paid = plans.filter(
    ({ cart, taxed }) => cart.approved && managerId && percentOf(taxed.gross, depositPercent) > 0,
  );
  if (!paid.length) return;
  await db.insert(ledgerEntries).values(
    paid.map(({ cart, taxed }, i) => ({
      id: uuidv7(),
      projectId,
      cartId: cart.cartId,
      unitId: cart.unitId,
      kind: 'payment',
      method: 'cheque',
      amount: percentOf(taxed.gross, depositPercent),
      currency: seed.currency,
      reference: `Cheque ${1041 + i}`,
      paidOn: new Date(now.getTime() - DAY_MS).toISOString().slice(0, 10),
      receiptNumber: i + 1,
      createdBy: managerId!,
      createdByName: seed.managers[0]!.name,
    })),
  );
  await db.insert(receiptCounters).values({ projectId, last: paid.length });
}

async function ensureLocalDeploy(db: Db, portalHost: string) {
  let [deploy] = await db.select({ id: deploys.id }).from(deploys).where(eq(deploys.name, LOCAL_DEPLOY_NAME));
  if (!deploy) {
    [deploy] = await db
      .insert(deploys)
      .values({ id: uuidv7(), name: LOCAL_DEPLOY_NAME, type: 'development', host: portalHost })
      .returning({ id: deploys.id });
  }
  const all = await db.select({ id: projects.id, key: projects.key }).from(projects);
  await db
    .insert(deployProjects)
    .values(all.map((p) => ({ deployId: deploy!.id, projectId: p.id, fullKey: `${p.key}.${portalHost}` })))
    .onConflictDoNothing();
}

/**
 * A seeded selection's choices with the standard finish (the category's first option at no
 * extra cost that the unit's plan and the room allow) in each required category and room the
 * buyer left open, as a signed selection must have them.
 */
function withStandardChoices(
  seed: ProjectSeed,
  unitName: string,
  choices: Array<[room: string, option: string, quantity?: number]>,
) {
  const planName = seed.units.find((unit) => unit.name === unitName)?.plan;
  const planRooms = seed.plans.find((plan) => plan.name === planName)?.rooms ?? [];
  const completed = [...choices];
  for (const category of seed.categories.filter((c) => c.required)) {
    const names = new Set(category.options.map((option) => option.name));
    const rooms = category.rooms.filter((room) => planRooms.includes(room));
    for (const room of rooms) {
      if (completed.some(([chosenRoom, option]) => chosenRoom === room && names.has(option))) continue;
      const standard = category.options.find(
        (option) =>
          option.price === 0 &&
          !option.requires?.length &&
          (!option.plans?.length || option.plans.includes(planName!)) &&
          (!option.rooms?.length || option.rooms.includes(room)),
      );
      if (standard) completed.push([room, standard.name]);
    }
  }
  return completed;
}
