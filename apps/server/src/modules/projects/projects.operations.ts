import { notFound, badRequest, projectOptionsSchema, sortRooms, type ProjectResponse } from '@decor/core';
import type { Db } from '../../db/client.ts';
import { findProjectByKey, listRoomItems } from './projects.repo.ts';

/** The project a request names, or a not-found error a person can read. */
export async function requireProject(db: Db, projectKey: string | null) {
  if (!projectKey) {
    throw badRequest('No project given: use a project subdomain or send the ProjectId header.');
  }
  const project = await findProjectByKey(db, projectKey);
  if (!project) throw notFound(`There is no project "${projectKey}".`);
  return project;
}

/** GET /api/project: the public face of a project, with its rooms in display order. */
export async function getProject({ db, projectKey }: { db: Db; projectKey: string | null }): Promise<ProjectResponse> {
  const project = await requireProject(db, projectKey);
  const roomItems = await listRoomItems(db, project.id);
  const rooms = sortRooms(
    roomItems.map(({ id, data }) => ({
      _id: id,
      name: String(data.name ?? ''),
      order: typeof data.order === 'number' ? data.order : null,
      slug: typeof data.slug === 'string' ? data.slug : undefined,
    })),
  );
  return {
    _id: project.id,
    key: project.key,
    name: project.name,
    currency: project.currency,
    options: projectOptionsSchema.parse(project.options),
    features: project.features,
    theme: project.theme,
    rooms,
  };
}
