import {
  DEFAULT_TIME_ZONE,
  projectOptionsSchema,
  type ProjectResponse,
  sortRooms,
  TRANSLATABLE_PAYMENT_TEXT,
  type Translations,
} from '@decor/core';
import type { Db } from '../../db/client.ts';
import { roomRows } from '../decor/index.ts';
import { requireProject, type ProjectRow, zoneRulesResponse } from '../projects/index.ts';

/**
 * A project as the app and the API show it (docs/api.md): its settings from projects, its rooms
 * from the engine's `rooms` collection, and its zone's rules. Here, above both, so that projects
 * stays below the engine.
 */
/**
 * GET /api/project: the public face of a project, with its rooms in display order. How to pay
 * offline (bank details) is the staff's to edit and a signed selection's buyers' to read (with
 * their selection's money): anyone else gets it empty.
 */
export async function getProject({
  db,
  projectKey,
  viewer,
  staff = false,
}: {
  db: Db;
  projectKey: string | null;
  viewer?: { isAdmin: boolean } | null;
  staff?: boolean;
}): Promise<ProjectResponse> {
  const answer = await projectResponse(db, await requireProject(db, projectKey, viewer));
  return staff ? answer : publicFaceOf(answer);
}

/** A project as anyone but its staff reads it (in the API and in the page): how to pay offline left out, in every language. */
export function publicFaceOf(answer: ProjectResponse): ProjectResponse {
  const { payments, translations } = answer.options;
  if (!payments) return answer;
  const withoutInstructions = Object.fromEntries(
    Object.entries(translations ?? {}).map(([language, words]) => {
      const { [TRANSLATABLE_PAYMENT_TEXT]: _hidden, ...rest } = words ?? {};
      return [language, rest];
    }),
  );
  return {
    ...answer,
    options: {
      ...answer.options,
      payments: { ...payments, offlineInstructions: '' },
      ...(translations ? { translations: withoutInstructions } : {}),
    },
  };
}

export async function projectResponse(db: Db, project: ProjectRow): Promise<ProjectResponse> {
  const roomItems = await roomRows(db, project.id);
  const rooms = sortRooms(
    roomItems.map(({ id, data }) => ({
      _id: id,
      name: String(data.name ?? ''),
      order: typeof data.order === 'number' ? data.order : null,
      slug: typeof data.slug === 'string' ? data.slug : undefined,
      dimensions: (data.dimensions as { w: number; d: number; h: number } | null | undefined) ?? null,
      hotspot: (data.hotspot as { x: number; y: number } | null | undefined) ?? null,
      ...(data.translations && typeof data.translations === 'object'
        ? { translations: data.translations as Translations }
        : {}),
    })),
  );
  const options = projectOptionsSchema.parse(project.options);
  const timeZoneRules = zoneRulesResponse(options.timeZone ?? DEFAULT_TIME_ZONE);
  return {
    _id: project.id,
    _version: project.version,
    key: project.key,
    name: project.name,
    currency: project.currency,
    options,
    features: project.features,
    theme: project.theme,
    rooms,
    ...(timeZoneRules ? { timeZoneRules } : {}),
  };
}
