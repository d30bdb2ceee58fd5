/*
 * What the access-links page shows, as plain data: its route file checks the address with it,
 * and route files load with the first page, so this module stays this small.
 */

/** What the access-links page shows: every link, the invitations still waiting, or the buyers. */
export const ACCESS_LINKS_VIEWS = ['all', 'waiting', 'joined', 'signed-in'] as const;
export type AccessLinksView = (typeof ACCESS_LINKS_VIEWS)[number];
