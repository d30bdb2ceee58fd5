import { defineModule } from '../../module.ts';
import { accessCodesRoutes } from './access-codes.routes.ts';

/**
 * The front door of the access links and invitations: other modules reach this module only through
 * what is exported here (docs/architecture.md, "Server modules").
 */
export const accessCodesModule = defineModule({
  name: 'access-codes',
  dependencies: ['projects', 'identity', 'carts'],
  routes: [accessCodesRoutes],
});

export { accessCodeValues, INVITATION_DEFAULTS } from './access-codes.operations.ts';
export { countWaitingInvitations, insertAccessCode, insertAccessCodes } from './access-codes.repo.ts';
export { provenInvitationMail } from './mail-proof.ts';
