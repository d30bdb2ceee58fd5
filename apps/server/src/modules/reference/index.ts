import { defineModule } from '../../module.ts';
import { referenceRoutes } from './reference.routes.ts';

/**
 * The front door of the API reference (docs/architecture.md, "Server modules"; docs/api.md): the
 * OpenAPI document at /api/openapi.json and Swagger UI's files for the admins' /admin/api page.
 */
export const referenceModule = defineModule({ name: 'reference', routes: [referenceRoutes] });
