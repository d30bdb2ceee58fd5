import { COMMENT_MAIL_AFTER_MINUTES, projectOptionsSchema } from '@decor/core';
import { projectOrigin } from '../../lib/project-origin.ts';
import { commentDigestMail, readersOf, type MailJobInput } from '../mail/index.ts';
import { claimDigest, releaseDigest, type UnreadForDigest, unreadForDigests } from './comments.repo.ts';

/** A message is mailed about only once it has waited this long unread (it may be read on screen first). */
export const DIGEST_SETTLE_MS = COMMENT_MAIL_AFTER_MINUTES * 60_000;
/** Messages older than this are not mailed about any more. */
const DIGEST_WINDOW_MS = 7 * 86_400_000;
const EXCERPT_LENGTH = 140;

const excerptOf = (body: string) => {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH - 1)}…` : flat;
};

/**
 * Mails each person the messages they have not read (docs/comments.md): one digest per person
 * and project, at most one an hour, in their language, listing each unread message once. A
 * digest is claimed before its mail goes out and given back if the mail fails. Returns how many
 * mails were sent.
 */
export async function sendCommentDigests({ db, mailer, config, now = new Date(), log }: MailJobInput): Promise<number> {
  const rows = await unreadForDigests(db, {
    settledBefore: new Date(now.getTime() - DIGEST_SETTLE_MS),
    since: new Date(now.getTime() - DIGEST_WINDOW_MS),
  });
  const byPerson = new Map<string, UnreadForDigest[]>();
  for (const row of rows) {
    const key = `${row.user_id}|${row.project_id}`;
    const list = byPerson.get(key);
    if (list) list.push(row);
    else byPerson.set(key, [row]);
  }
  let sent = 0;
  for (const unread of byPerson.values()) {
    const [first] = unread as [UnreadForDigest];
    const claim = { userId: first.user_id, projectId: first.project_id, now };
    if (!(await claimDigest(db, claim))) continue;
    try {
      const options = projectOptionsSchema.parse(first.project_options ?? {});
      const reader = (await readersOf(db, options, [first.email]))(first.email);
      const origin = projectOrigin(config, first.project_key);
      const carts = [...new Set(unread.map((row) => row.cart))];
      await mailer.send({
        ...commentDigestMail({
          to: first.email,
          reader,
          projectName: first.project_name,
          lines: unread.map((row) => ({
            unit: row.unit_name ?? '',
            author: row.author_name,
            excerpt: excerptOf(row.body),
          })),
          units: carts.length,
          // One conversation: straight to it; several: the buyer's home or the staff's first page, which lists them.
          url: first.staff
            ? carts.length === 1
              ? `${origin}/manage/carts/${carts[0]}`
              : `${origin}/manage`
            : carts.length === 1
              ? `${origin}/config/${carts[0]}`
              : `${origin}/`,
          accountUrl: `${origin}/account`,
        }),
        projectId: first.project_id,
      });
      sent += 1;
    } catch (error) {
      await releaseDigest(db, claim);
      log?.warn(
        { err: error, user: first.user_id },
        'a digest of unread messages could not be sent; it is tried again at the next run',
      );
    }
  }
  return sent;
}
