/**
 * The comments module's front door (docs/architecture.md, "Server modules"): a selection's
 * conversation and the design centre's notes. Other modules reach it only through what is
 * exported here.
 */
export { commentsRoutes } from './comments.routes.ts';
export { isAttachmentReadable } from './comments.repo.ts';
export { sendCommentDigests, startCommentDigestJob } from './comments.digest.ts';
