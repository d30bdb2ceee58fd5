import { uuidv7 } from '../../lib/ids.ts';
import {
  fail,
  instantInZone,
  projectConfigSchema,
  projectOptionsSchema,
  type AdminAuditEntry,
  type AdminOverview,
  type AdminProject,
  type AdminUser,
  type DeployInput,
  type Language,
  type NewProject,
  type ProjectConfig,
  type ProjectConfigView,
  type AdminPurchases,
  type AdminPurchasesQuery,
  formatAmount,
  formatCsv,
} from '@decor/core';
import { type Db, withTransaction } from '../../db/client.ts';
import type { Config } from '../../config/env.ts';
import type { Actor } from '../../plugins/actor.ts';
import { readerFor, type Mailer } from '../mail/index.ts';
import { accessCodeValues, INVITATION_DEFAULTS, provenInvitationMail } from '../access-codes/index.ts';
import { insertAccessCode } from '../access-codes/index.ts';
import { insertDemoCatalogue } from '../../db/seed/seed.ts';
import { projectOrigin } from '../../lib/project-origin.ts';
import {
  deleteMembership,
  findMembership,
  findProjectById,
  findProjectVersion,
  insertProject,
  isProjectKeyTaken,
  listAllProjects,
  listProjectVersions,
  membershipsOf,
  projectConfigOf,
  projectCounts,
  projectKeysOf,
  recordProjectVersion,
  setMembershipRole,
  updateProject,
  type ProjectRow,
} from '../projects/index.ts';
import {
  deleteDeployRow,
  deleteFlagRow,
  findFlag,
  listDeploys,
  listFeatureFlags,
  placeOnPortalDeploy,
  projectHosts,
  saveDeploy,
  saveFlag,
} from '../portal/index.ts';
import {
  endSessionsOf,
  findUser,
  liveSessionCounts,
  recentSignIns,
  searchUsers,
  updateUser,
  type UserRow,
  userTotals,
} from '../users/index.ts';
import { recentMailFailures } from '../mail/index.ts';
import { listAdminChanges, recordAdminChange } from '../audit/index.ts';
import { collectionCountsByProject } from '../decor/index.ts';
import { purchasesAcrossProjects } from './admin.repo.ts';

const startedAt = Date.now();

/** The project as the audit keeps it: its settings, without timestamps that say nothing. */
const projectRecord = (row: ProjectRow) => ({
  key: row.key,
  ...projectConfigOf(row),
  archived: row.archivedAt !== null,
});
const userRecord = (row: UserRow) => ({
  email: row.email,
  name: row.name,
  isAdmin: row.isAdmin,
  emailVerified: row.emailVerified,
  disabled: row.disabled,
});

async function adminProjects(
  db: Db,
  filter: { q?: string | undefined; id?: string | undefined } = {},
): Promise<AdminProject[]> {
  const [rows, counts, contents, hosts] = await Promise.all([
    listAllProjects(db, filter),
    projectCounts(db),
    collectionCountsByProject(db),
    projectHosts(db),
  ]);
  return rows.map((row) => {
    const c = { ...counts.get(row.id), ...contents.get(row.id) };
    return {
      _id: row.id,
      _version: row.version,
      key: row.key,
      name: row.name,
      currency: row.currency,
      options: projectOptionsSchema.parse(row.options),
      features: row.features,
      theme: row.theme,
      archived: row.archivedAt !== null,
      createdAt: row.createdAt.toISOString(),
      hosts: hosts.filter((h) => h.projectId === row.id).map((h) => ({ deploy: h.deploy, type: h.type, host: h.host })),
      counts: {
        members: c.members ?? 0,
        managers: c.managers ?? 0,
        units: c.units ?? 0,
        carts: { draft: c.draft ?? 0, submitted: c.submitted ?? 0, approved: c.approved ?? 0 },
      },
    };
  });
}

export function listProjectsForAdmin(db: Db, q?: string) {
  return adminProjects(db, { q });
}

export async function adminOverview({
  db,
  databaseKind,
  mailer,
  storageKind,
}: {
  db: Db;
  databaseKind: string;
  mailer: Mailer;
  storageKind: string;
}): Promise<AdminOverview> {
  const [list, totals, signIns, changes, failures] = await Promise.all([
    adminProjects(db),
    userTotals(db),
    recentSignIns(db, 10),
    auditEntries(db, { limit: 10 }),
    recentMailFailures(db, 10),
  ]);
  return {
    projects: list,
    totals: { ...totals, projects: list.length, archived: list.filter((p) => p.archived).length },
    recentSignIns: signIns.map((row) => ({ _id: row.id, email: row.email, name: row.name, at: row.at!.toISOString() })),
    recentChanges: changes,
    mailFailures: failures.map((row) => ({
      to: row.to,
      subject: row.subject,
      error: row.error ?? '',
      at: row.at.toISOString(),
    })),
    health: {
      version: process.env.npm_package_version ?? '0.1.0',
      node: process.version,
      uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      database: databaseKind,
      mail: mailer.kind,
      storage: storageKind,
    },
  };
}

export async function auditEntries(
  db: Db,
  input: { limit: number; targetKind?: string | undefined; targetId?: string | undefined },
): Promise<AdminAuditEntry[]> {
  const rows = await listAdminChanges(db, input);
  return rows.map(({ entry, actorEmail }) => ({
    _id: entry.id,
    at: entry.at.toISOString(),
    action: entry.action,
    targetKind: entry.targetKind,
    targetId: entry.targetId,
    projectId: entry.projectId,
    actor: entry.actorId && actorEmail ? { _id: entry.actorId, email: actorEmail } : null,
    before: entry.before,
    after: entry.after,
  }));
}

/**
 * The new-project wizard (docs/admin.md): the project, its catalogue (empty or the demo's),
 * its place on the portal's own deploy, and an invitation for its first manager, mailed to
 * the project's own address. All or nothing; the mail goes after the commit.
 */
export async function createProject({
  db,
  actor,
  input,
  config,
  mailer,
  secret,
  languages = [],
}: {
  /** The languages of the page that asked: the first manager's mail is in them unless their account chose one. */
  languages?: readonly string[];
  db: Db;
  actor: Actor;
  input: NewProject;
  config: Config;
  mailer: Mailer;
  secret: string;
}) {
  const origin = projectOrigin(config, input.key);
  const { project, code } = await withTransaction(db, async (t) => {
    if (await isProjectKeyTaken(t, input.key))
      throw fail('conflict', 'admin.key-taken', { key: input.key }, { field: 'key' });
    const id = uuidv7();
    const row = await insertProject(t, {
      id,
      key: input.key,
      name: input.name,
      currency: input.currency,
      options: {
        locale: input.options.locale ?? 'en-CA',
        // A project whose money and dates read in French speaks French first, and English too (docs/languages.md).
        ...languagesOfLocale(input.options.locale ?? 'en-CA'),
        ...(input.options.timeZone ? { timeZone: input.options.timeZone } : {}),
        unitSystem: input.options.unitSystem,
        termsOfService: '',
      },
      features: {},
      theme: { ...input.theme, logoUrl: input.theme.logoUrl ?? null },
    });
    await recordProjectVersion(t, row, actor.userId);
    if (input.catalogue === 'demo') await insertDemoCatalogue(t, id, input.key);
    await placeOnPortalDeploy(t, { projectId: id, key: input.key, portalHost: config.portalHost });
    const invitation = await insertAccessCode(
      t,
      accessCodeValues({
        projectId: id,
        unitId: null,
        email: input.manager.email,
        createdBy: actor.userId,
        role: 'manager',
        targetPath: '/manage',
        expiresInDays: INVITATION_DEFAULTS.expiresInDays,
        maxUses: 1,
      }),
    );
    await recordAdminChange(t, {
      actorId: actor.userId,
      action: 'project.create',
      targetKind: 'project',
      targetId: id,
      projectId: id,
      before: null,
      after: { ...projectRecord(row), catalogue: input.catalogue, manager: input.manager.email },
    });
    return { project: row, code: invitation.code };
  });
  const url = `${origin}/link/${code}`;
  await mailer.send(
    provenInvitationMail({
      reader: await readerFor(db, project.options, input.manager.email, languages),
      secret,
      origin,
      code,
      to: input.manager.email,
      projectName: project.name,
      role: 'manager',
      projectId: project.id,
    }),
  );
  return {
    _id: project.id,
    key: project.key,
    name: project.name,
    url: origin,
    invitation: { email: input.manager.email, url },
  };
}

/** Archives a project (its pages and API answer only admins) or brings it back. */
export async function setProjectArchived({
  db,
  actor,
  projectId,
  archived,
}: {
  db: Db;
  actor: Actor;
  projectId: string;
  archived: boolean;
}) {
  const before = await findProjectById(db, projectId);
  if (!before) throw fail('not_found', 'project.no-such');
  const after = await updateProject(db, projectId, { archivedAt: archived ? (before.archivedAt ?? new Date()) : null });
  await recordAdminChange(db, {
    actorId: actor.userId,
    action: archived ? 'project.archive' : 'project.restore',
    targetKind: 'project',
    targetId: projectId,
    projectId,
    before: projectRecord(before),
    after: projectRecord(after!),
  });
  return (await adminProjects(db, { id: projectId }))[0]!;
}

function adminUserOf(
  row: UserRow,
  memberships: Awaited<ReturnType<typeof membershipsOf>>,
  sessionCounts: Map<string, number>,
): AdminUser {
  return {
    _id: row.id,
    email: row.email,
    name: row.name,
    isAdmin: row.isAdmin,
    emailVerified: row.emailVerified,
    disabled: row.disabled,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    sessions: sessionCounts.get(row.id) ?? 0,
    memberships: memberships
      .filter((m) => m.userId === row.id)
      .map(({ projectId, projectKey, projectName, role }) => ({ projectId, projectKey, projectName, role })),
  };
}

export const USERS_PAGE = 50;

export async function listUsers(db: Db, { q, after }: { q?: string | undefined; after?: string | undefined }) {
  const rows = await searchUsers(db, { q, after: after ?? null, limit: USERS_PAGE + 1 });
  const page = rows.slice(0, USERS_PAGE);
  const ids = page.map((row) => row.id);
  const [member, sessionCounts] = await Promise.all([membershipsOf(db, ids), liveSessionCounts(db, ids)]);
  return {
    items: page.map((row) => adminUserOf(row, member, sessionCounts)),
    next: rows.length > USERS_PAGE ? page.at(-1)!.email : null,
  };
}

export async function getAdminUser(db: Db, userId: string): Promise<AdminUser> {
  const row = await findUser(db, userId);
  if (!row) throw fail('not_found', 'admin.no-such-user');
  const [member, sessionCounts] = await Promise.all([membershipsOf(db, [row.id]), liveSessionCounts(db, [row.id])]);
  return adminUserOf(row, member, sessionCounts);
}

/**
 * Changes a person's admin flag, name, verification or whether they may sign in. An admin
 * cannot take away their own admin flag or disable themselves (no platform without an
 * admin); a disabled person's sessions end at once.
 */
export async function patchUser({
  db,
  actor,
  userId,
  patch,
}: {
  db: Db;
  actor: Actor;
  userId: string;
  patch: {
    isAdmin?: boolean | undefined;
    disabled?: boolean | undefined;
    emailVerified?: true | undefined;
    name?: string | undefined;
  };
}) {
  const before = await findUser(db, userId);
  if (!before) throw fail('not_found', 'admin.no-such-user');
  if (userId === actor.userId && patch.isAdmin === false)
    throw fail('rule_broken', 'admin.own-admin-flag', undefined, { field: 'isAdmin' });
  if (userId === actor.userId && patch.disabled === true)
    throw fail('rule_broken', 'admin.disable-self', undefined, { field: 'disabled' });
  const after = await updateUser(db, userId, {
    ...(patch.isAdmin !== undefined ? { isAdmin: patch.isAdmin } : {}),
    ...(patch.disabled !== undefined ? { disabled: patch.disabled } : {}),
    ...(patch.emailVerified ? { emailVerified: true } : {}),
    ...(patch.name !== undefined ? { name: patch.name } : {}),
  });
  if (patch.disabled === true) await endSessionsOf(db, userId);
  await recordAdminChange(db, {
    actorId: actor.userId,
    action: 'user.update',
    targetKind: 'user',
    targetId: userId,
    before: userRecord(before),
    after: userRecord(after!),
  });
  return getAdminUser(db, userId);
}

/** Ends every session of a person: each device must sign in again. */
export async function signOutEverywhere({ db, actor, userId }: { db: Db; actor: Actor; userId: string }) {
  const user = await findUser(db, userId);
  if (!user) throw fail('not_found', 'admin.no-such-user');
  const ended = await endSessionsOf(db, userId);
  await recordAdminChange(db, {
    actorId: actor.userId,
    action: 'user.sign-out-everywhere',
    targetKind: 'user',
    targetId: userId,
    before: { sessions: ended },
    after: { sessions: 0 },
  });
  return { ended };
}

/** Gives a person a role in a project, or changes it. */
export async function setMembership({
  db,
  actor,
  userId,
  projectId,
  role,
}: {
  db: Db;
  actor: Actor;
  userId: string;
  projectId: string;
  role: 'purchaser' | 'manager';
}) {
  const [user, project] = await Promise.all([findUser(db, userId), findProjectById(db, projectId)]);
  if (!user) throw fail('not_found', 'admin.no-such-user');
  if (!project) throw fail('not_found', 'project.no-such');
  const before = await findMembership(db, projectId, userId);
  await setMembershipRole(db, { projectId, userId, role });
  await recordAdminChange(db, {
    actorId: actor.userId,
    action: before ? 'membership.change' : 'membership.grant',
    targetKind: 'membership',
    targetId: `${projectId}:${userId}`,
    projectId,
    before: before ? { role: before.role } : null,
    after: { role, email: user.email, project: project.key },
  });
  return getAdminUser(db, userId);
}

export async function removeMembership({
  db,
  actor,
  userId,
  projectId,
}: {
  db: Db;
  actor: Actor;
  userId: string;
  projectId: string;
}) {
  const removed = await deleteMembership(db, projectId, userId);
  if (!removed) throw fail('not_found', 'admin.no-such-membership');
  await recordAdminChange(db, {
    actorId: actor.userId,
    action: 'membership.remove',
    targetKind: 'membership',
    targetId: `${projectId}:${userId}`,
    projectId,
    before: { role: removed.role },
    after: null,
  });
  return getAdminUser(db, userId);
}

async function deployRecord(db: Db, id: string) {
  return (await listDeploys(db)).find((d) => d._id === id) ?? null;
}

async function requireProjectsExist(db: Db, ids: string[]) {
  if (!ids.length) return [];
  const byId = await projectKeysOf(db, ids);
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length) throw fail('rule_broken', 'admin.no-such-projects', undefined, { field: 'projects', missing });
  return ids.map((id) => ({ id, key: byId.get(id)! }));
}

export async function createDeploy({ db, actor, input }: { db: Db; actor: Actor; input: DeployInput }) {
  const listed = await requireProjectsExist(db, [...new Set(input.projects)]);
  const id = uuidv7();
  await withTransaction(db, (t) =>
    saveDeploy(t, id, { name: input.name, type: input.type, host: input.host }, listed, true),
  );
  const after = await deployRecord(db, id);
  await recordAdminChange(db, {
    actorId: actor.userId,
    action: 'deploy.create',
    targetKind: 'deploy',
    targetId: id,
    before: null,
    after,
  });
  return after!;
}

export async function updateDeploy({
  db,
  actor,
  deployId,
  input,
}: {
  db: Db;
  actor: Actor;
  deployId: string;
  input: DeployInput;
}) {
  const before = await deployRecord(db, deployId);
  if (!before) throw fail('not_found', 'admin.no-such-deploy');
  const listed = await requireProjectsExist(db, [...new Set(input.projects)]);
  await withTransaction(db, (t) =>
    saveDeploy(t, deployId, { name: input.name, type: input.type, host: input.host }, listed, false),
  );
  const after = await deployRecord(db, deployId);
  await recordAdminChange(db, {
    actorId: actor.userId,
    action: 'deploy.update',
    targetKind: 'deploy',
    targetId: deployId,
    before,
    after,
  });
  return after!;
}

export async function deleteDeploy({ db, actor, deployId }: { db: Db; actor: Actor; deployId: string }) {
  const before = await deployRecord(db, deployId);
  if (!before) throw fail('not_found', 'admin.no-such-deploy');
  await deleteDeployRow(db, deployId);
  await recordAdminChange(db, {
    actorId: actor.userId,
    action: 'deploy.delete',
    targetKind: 'deploy',
    targetId: deployId,
    before,
    after: null,
  });
}

export async function flags(db: Db) {
  return (await listFeatureFlags(db)).map((row) => ({
    key: row.key,
    enabled: row.enabled,
    description: row.description,
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** Sets a platform flag (served in GET /api/env `features`), creating it when new. */
export async function setFlag({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Actor;
  input: { key: string; enabled: boolean; description: string };
}) {
  const before = await findFlag(db, input.key);
  await saveFlag(db, {
    key: input.key,
    enabled: input.enabled,
    description: input.description || (before?.description ?? ''),
  });
  const after = await findFlag(db, input.key);
  await recordAdminChange(db, {
    actorId: actor.userId,
    action: before ? 'feature.update' : 'feature.create',
    targetKind: 'feature',
    targetId: input.key,
    before: before ? { enabled: before.enabled, description: before.description } : null,
    after: { enabled: after!.enabled, description: after!.description },
  });
  return flags(db);
}

export async function deleteFlag({ db, actor, key }: { db: Db; actor: Actor; key: string }) {
  const removed = await deleteFlagRow(db, key);
  if (!removed) throw fail('not_found', 'admin.no-such-flag');
  await recordAdminChange(db, {
    actorId: actor.userId,
    action: 'feature.delete',
    targetKind: 'feature',
    targetId: key,
    before: { enabled: removed.enabled, description: removed.description },
    after: null,
  });
  return flags(db);
}

/** A project's settings as one document, with the versions its changes made, newest first. */
export async function projectConfig(db: Db, projectId: string): Promise<ProjectConfigView> {
  const row = await findProjectById(db, projectId);
  if (!row) throw fail('not_found', 'project.no-such');
  const versions = await listProjectVersions(db, projectId);
  return {
    _version: row.version,
    project: { _id: row.id, key: row.key, name: row.name },
    config: { ...projectConfigOf(row), options: projectOptionsSchema.parse(row.options) },
    history: versions.map((v) => ({ version: v.version, at: v.at.toISOString(), actor: v.actor, config: v.config })),
  };
}

/**
 * Replaces a project's settings with a whole document, on the version read (a save on a changed
 * project is a 409 with the current one); audited and kept as a version.
 */
export async function saveProjectConfig({
  db,
  actor,
  projectId,
  config,
  version,
  action = 'project.config',
}: {
  db: Db;
  actor: Actor;
  projectId: string;
  config: ProjectConfig;
  version: number;
  action?: string;
}) {
  const before = await findProjectById(db, projectId);
  if (!before) throw fail('not_found', 'project.no-such');
  const after = await updateProject(
    db,
    projectId,
    {
      name: config.name,
      currency: config.currency,
      options: config.options,
      features: config.features,
      theme: config.theme,
    },
    version,
  );
  if (!after) throw fail('conflict', 'project.changed', undefined, { current: await projectConfig(db, projectId) });
  await recordProjectVersion(db, after, actor.userId);
  await recordAdminChange(db, {
    actorId: actor.userId,
    action,
    targetKind: 'project',
    targetId: projectId,
    projectId,
    before: projectConfigOf(before),
    after: projectConfigOf(after),
  });
  return projectConfig(db, projectId);
}

/** Makes an earlier version the current one (a new version, so nothing is lost). */
export async function restoreProjectConfig({
  db,
  actor,
  projectId,
  restore,
  version,
}: {
  db: Db;
  actor: Actor;
  projectId: string;
  restore: number;
  version: number;
}) {
  const kept = await findProjectVersion(db, projectId, restore);
  if (!kept) throw fail('not_found', 'admin.no-such-version');
  // A version kept before a rule was tightened (an unknown option, an invented currency) is not restored as it was.
  const checked = projectConfigSchema.safeParse(kept.config);
  if (!checked.success) {
    const issues = checked.error.issues.map((issue) => ({
      field: ['config', ...issue.path.map(String)].join('.'),
      message: issue.message,
    }));
    throw fail(
      'rule_broken',
      'admin.version-invalid',
      { version: restore, issues: issues.map((i) => `${i.field} (${i.message})`).join(', ') },
      { issues },
    );
  }
  return saveProjectConfig({ db, actor, projectId, config: checked.data, version, action: 'project.restore-version' });
}

export async function adminPurchases(db: Db, filter: AdminPurchasesQuery): Promise<AdminPurchases> {
  // Days are the admin's: the first from its start, the last to its end, in their zone.
  const zone = filter.zone ?? 'UTC';
  const rows = await purchasesAcrossProjects(db, {
    project: filter.project,
    currency: filter.currency,
    from: filter.from ? startOfDay(filter.from, zone) : undefined,
    to: filter.to ? startOfDay(filter.to, zone, 1) : undefined,
  });
  const items = rows.map((row) => ({
    _id: row.id,
    project: { key: row.project_key, name: row.project_name },
    unit: row.unit_name,
    buyer: row.buyer_email,
    approvedAt: row.approved_at,
    revision: Number(row.revision),
    currency: row.currency,
    total: Number(row.total) || 0,
    changeOrderOpen: row.change_order_open === true,
  }));
  const totals = new Map<string, AdminPurchases['totals'][number]>();
  for (const item of items) {
    const key = `${item.project.key}|${item.currency}`;
    const entry = totals.get(key) ?? {
      project: item.project.key,
      projectName: item.project.name,
      currency: item.currency,
      count: 0,
      total: 0,
    };
    entry.count += 1;
    entry.total += item.total;
    totals.set(key, entry);
  }
  return {
    items,
    totals: [...totals.values()].sort(
      (a, b) => a.projectName.localeCompare(b.projectName) || a.currency.localeCompare(b.currency),
    ),
  };
}

/** The same purchases as a spreadsheet: amounts in the currency's units, one row each. */
export function adminPurchasesCsv({ items }: AdminPurchases): string {
  return formatCsv([
    ['Project', 'Project key', 'Unit', 'Buyer', 'Approved at', 'Revision', 'Currency', 'Total', 'Change order open'],
    ...items.map((item) => [
      item.project.name,
      item.project.key,
      item.unit ?? '',
      item.buyer ?? '',
      item.approvedAt,
      item.revision,
      item.currency,
      formatAmount(item.total, item.currency),
      item.changeOrderOpen ? 'yes' : 'no',
    ]),
  ]);
}

/** The moment a calendar day (`2026-11-26`), or the one `after` days later, starts in a zone. */
function startOfDay(day: string, timeZone: string, after = 0): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const start = new Date(Date.UTC(year, month - 1, date + after));
  const reading = instantInZone(
    { year: start.getUTCFullYear(), month: start.getUTCMonth() + 1, day: start.getUTCDate(), hour: 0, minute: 0 },
    timeZone,
  );
  // Where the clocks skip midnight, the day starts at the first minute they show.
  if (reading.ok) return new Date(reading.iso);
  const oneAm = instantInZone(
    { year: start.getUTCFullYear(), month: start.getUTCMonth() + 1, day: start.getUTCDate(), hour: 1, minute: 0 },
    timeZone,
  );
  return new Date(oneAm.ok ? oneAm.iso : start.getTime());
}

/** The languages a new project offers: French first for a French locale, English otherwise (settings change them later). */
function languagesOfLocale(locale: string): { languages: Language[]; defaultLanguage: Language } {
  return /^fr\b/i.test(locale)
    ? { languages: ['fr-CA', 'en'], defaultLanguage: 'fr-CA' }
    : { languages: ['en'], defaultLanguage: 'en' };
}
