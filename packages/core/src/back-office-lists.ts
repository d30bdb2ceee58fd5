/*
 * The back office's lists and the figures that open them, as plain data: route files read these
 * to check an address, and route files load with the first page, so nothing here imports zod.
 */

/**
 * The list each counted figure of the dashboard opens, as the page's address and its filter
 * (docs/back-office.md, "Dashboard"). Each figure is exactly the number of rows of its list:
 * the pages' filters are the API's, so the server's test checks every one against its list.
 */
export const DASHBOARD_LISTS = {
  'carts.draft': { page: '/manage/carts/{-$id}', search: { status: 'draft' } },
  'carts.locked': { page: '/manage/carts/{-$id}', search: { status: 'locked' } },
  'carts.submitted': { page: '/manage/carts/{-$id}', search: { status: 'submitted' } },
  'carts.approved': { page: '/manage/carts/{-$id}', search: { status: 'approved' } },
  'deadlines.week': { page: '/manage/carts/{-$id}', search: { due: 'week' } },
  'deadlines.reviewOverdue': { page: '/manage/carts/{-$id}', search: { overdue: true } },
  'buyers.invited': { page: '/manage/access-links', search: { show: 'waiting' } },
  'buyers.joined': { page: '/manage/access-links', search: { show: 'joined' } },
  'buyers.signedIn': { page: '/manage/access-links', search: { show: 'signed-in' } },
  'buyers.submitted': { page: '/manage/carts/{-$id}', search: { status: 'signed' } },
  'buyers.approved': { page: '/manage/carts/{-$id}', search: { status: 'approved' } },
} as const;
export type DashboardFigure = keyof typeof DASHBOARD_LISTS;

/** What the access-links page shows: every link, the invitations still waiting, or the buyers. */
export const ACCESS_LINKS_VIEWS = ['all', 'waiting', 'joined', 'signed-in'] as const;
export type AccessLinksView = (typeof ACCESS_LINKS_VIEWS)[number];
