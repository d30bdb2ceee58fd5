import { readPlan, resolveCollection } from '../decor/index.ts';
import { COMMENT_FILE_PURPOSE } from '../files/index.ts';
import { defineModule } from '../../module.ts';
import { isAttachmentReadable } from './comments.repo.ts';
import { sendCommentDigests } from './comments.digest.ts';
import { commentsRoutes } from './comments.routes.ts';

/**
 * The comments module's front door (docs/architecture.md, "Server modules"): a selection's
 * conversation and the design centre's notes. It tells files who may read a comment's
 * attachment, mails the digests of unread messages every 5 minutes, and serves the
 * conversations. Other modules reach it only through what is exported here.
 */
export const commentsModule = defineModule({
  name: 'comments',
  dependencies: ['decor', 'files', 'carts'],
  hooks: ({ fileReaders }) =>
    // A comment's file: besides its uploader and the staff, whoever may read a comment that attaches it (decided in SQL).
    fileReaders.register(COMMENT_FILE_PURPOSE, async ({ db, projectId, fileId, standing }) => {
      const comments = (await resolveCollection(db, projectId, 'comments'))!;
      return isAttachmentReadable(db, { projectId, fileId, where: readPlan(comments, standing, projectId).where });
    }),
  jobs: ({ database, mailer, config }, app) => [
    {
      name: 'comment-digests',
      everyMs: 5 * 60_000,
      kind: 'mail',
      run: () => sendCommentDigests({ db: database.db, mailer, config, log: app.log, now: new Date() }),
    },
  ],
  routes: [commentsRoutes],
});

export { sendCommentDigests } from './comments.digest.ts';
