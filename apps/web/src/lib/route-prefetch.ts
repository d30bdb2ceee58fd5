import { queryClient } from './query-client.ts';

/*
 * What routes' loaders and guards start, kept out of the first page's bundle: a loader runs
 * only once its route is opened, so the code it needs is fetched then, beside the page's own
 * code (docs/performance.md, "Page weight").
 */

/** Starts every request the buyer's pages need (see configurator-data.ts); waits for nothing. */
export function prefetchBuyerData(cartId?: string): void {
  void import('./configurator-data.ts')
    .then((data) => data.prefetchBuyerData(queryClient, cartId))
    .catch(() => undefined);
}

/** Starts loading the viewer's carts (My home); waits for nothing. */
export function prefetchMyCarts(): void {
  void import('./cart-summary.ts')
    .then(({ myCartsQuery }) => queryClient.prefetchQuery(myCartsQuery))
    .catch(() => undefined);
}

/** Staff without a home in this project land on the back office (see landing.ts). */
export async function landOnBackOfficeForStaff(): Promise<void> {
  const landing = await import('./landing.ts');
  await landing.landOnBackOfficeForStaff();
}
