/*
 * The dashboard's figures and the lists they open, as plain data (no zod: the dashboard's
 * chunk stays small).
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
