import { z } from 'zod';
import {
  packedZone,
  type ZoneRulesResponse,
  zoneDatabaseVersion,
  canManageProject,
  fail,
  isCurrencyCode,
  projectOptionsPatchSchema,
  projectOptionsSchema,
  type ProjectResponse,
  themeSchema,
  said,
} from '@decor/core';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../plugins/actor.ts';
import { roleInProject } from './memberships.repo.ts';
import { recordAdminChange } from '../audit/index.ts';
import {
  findProjectById,
  findProjectByKey,
  projectConfigOf,
  recordProjectVersion,
  updateProject,
  type ProjectRow,
} from './projects.repo.ts';

/**
 * The project a request names, or a not-found error a person can read. An archived project
 * answers administrators only (docs/admin.md, "Projects").
 */
export async function requireProject(db: Db, projectKey: string | null, viewer?: { isAdmin: boolean } | null) {
  if (!projectKey) {
    throw fail('bad_request', 'project.none');
  }
  const project = await findProjectByKey(db, projectKey);
  if (!project) throw fail('not_found', 'project.unknown', { key: projectKey });
  if (project.archivedAt && !viewer?.isAdmin) throw fail('not_found', 'project.archived');
  return project;
}

/** A zone's rules as the server's zone database has them, for a browser to print with (docs/dates.md). */
export function zoneRulesResponse(name: string): ZoneRulesResponse | null {
  const packed = packedZone(name);
  const version = zoneDatabaseVersion();
  return packed && version ? { name, version, packed } : null;
}

/** The body of PATCH /api/projects/{id}: any of these, merged into what is there. */
export const projectPatchSchema = z
  .object({
    name: z.string().trim().min(1).max(120),
    currency: z.string().refine(isCurrencyCode, said('validation.currency')),
    options: projectOptionsPatchSchema,
    /** A flag set for this project; null removes the project's own setting (the platform's applies again). */
    features: z.record(z.string().regex(/^[a-z][a-zA-Z0-9]{1,39}$/), z.boolean().nullable()),
    theme: themeSchema.partial(),
    /** The version the change was made on: a project changed since is a 409 with the current settings. */
    _version: z.number().int().min(1),
  })
  .partial()
  .strict();

function mergeFeatures(
  current: Record<string, boolean>,
  patch: Record<string, boolean | null>,
): Record<string, boolean> {
  const next = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next;
}

/** PATCH /api/projects/{id}: admins, or managers of that project. */
export async function patchProject({
  db,
  actor,
  projectId,
  patch,
  answer,
}: {
  db: Db;
  actor: Actor;
  projectId: string;
  patch: z.infer<typeof projectPatchSchema>;
  /** The project as its own answer shows it (with its rooms): what the reply and a conflict's `current` carry. */
  answer: (project: ProjectRow) => Promise<ProjectResponse>;
}): Promise<ProjectResponse> {
  const project = await findProjectById(db, projectId);
  if (!project) throw fail('not_found', 'project.no-such');
  const role = await roleInProject(db, project.id, actor.userId);
  if (!canManageProject({ isAdmin: actor.isAdmin, role })) throw fail('forbidden', 'project.managers-only');
  if (patch.options) {
    // The default language is one the project offers, whichever of the two this change names.
    const merged = projectOptionsSchema.parse({ ...project.options, ...patch.options });
    if (!merged.languages.includes(merged.defaultLanguage))
      throw fail('bad_request', 'project.default-language', undefined, { field: 'options.defaultLanguage' });
  }
  const updated = await updateProject(
    db,
    project.id,
    {
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.currency !== undefined ? { currency: patch.currency } : {}),
      ...(patch.options ? { options: { ...project.options, ...patch.options } } : {}),
      ...(patch.features ? { features: mergeFeatures(project.features, patch.features) } : {}),
      ...(patch.theme ? { theme: themeSchema.parse({ ...project.theme, ...patch.theme }) } : {}),
    },
    patch._version,
  );
  if (!updated) {
    const current = await findProjectById(db, project.id);
    throw fail('conflict', 'project.changed', undefined, { current: current ? await answer(current) : null });
  }
  await recordProjectVersion(db, updated, actor.userId);
  // An administrator's change is the platform's: it is audited with before and after (docs/admin.md).
  if (actor.isAdmin) {
    await recordAdminChange(db, {
      actorId: actor.userId,
      action: 'project.update',
      targetKind: 'project',
      targetId: project.id,
      projectId: project.id,
      before: projectConfigOf(project),
      after: projectConfigOf(updated),
    });
  }
  return answer(updated);
}
