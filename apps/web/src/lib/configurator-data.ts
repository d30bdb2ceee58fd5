import { useQuery, type QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import type { CategoryDocument, OptionDocument, PackageDocument } from '@decor/core';
import { myCartsQuery } from './cart-summary.ts';
import { cartQuery, type Cart } from './cart-query.ts';
import { catalogueQuery, useCatalogue } from './catalogue.ts';

/** The catalogue's items as the collection API serves them (the contracts of core). */
export type OptionItem = OptionDocument;
export type CategoryItem = CategoryDocument;
export type PackageItem = PackageDocument;
export type CartItem = Cart;

/**
 * Starts every request the buyer's pages need at once, before their components render (a
 * route's loader): the carts, then the cart, and the catalogue beside them. It waits for
 * nothing, so navigation never does.
 */
export function prefetchBuyerData(queryClient: QueryClient, cartId?: string): void {
  const summaries = queryClient.ensureQueryData(myCartsQuery);
  const cart = cartId
    ? queryClient.ensureQueryData(cartQuery(cartId))
    : summaries.then((mine) => mine[0] && queryClient.ensureQueryData(cartQuery(mine[0]._id)));
  void Promise.all([summaries, cart]).catch(() => undefined);
  for (const collection of ['categories', 'options', 'packages'] as const)
    void queryClient.prefetchQuery(catalogueQuery(collection));
}

/** A read the server refused because the person has no access to this project. */
function isForbidden(query: { error: unknown }): boolean {
  return query.error instanceof ApiError && query.error.code === 'forbidden';
}

/** Everything the configurator needs: the buyer's cart, its unit's plan and rooms (from the summary), and the catalogue. */
export function useConfiguratorData() {
  const summaries = useQuery(myCartsQuery);
  const summary = summaries.data?.[0] ?? null;
  const cart = useQuery(cartQuery(summary?._id));
  const categories = useCatalogue<CategoryItem>('categories');
  const options = useCatalogue<OptionItem>('options');
  const packages = useCatalogue<PackageItem>('packages');
  const isLoading = summaries.isLoading || cart.isLoading || categories.isLoading || options.isLoading;
  // Not a buyer of this project, or a member whose unit is not linked yet: said plainly, never
  // "could not be loaded". Any of the reads may be the first to hear the 403 (the catalogue's
  // often comes back before the carts'), so any of them tells.
  const isNotMember = [summaries, cart, categories, options, packages].some(isForbidden);
  const isError = !isNotMember && (summaries.isError || cart.isError || categories.isError || options.isError);
  return {
    summary,
    isNotMember,
    hasNoCart: summaries.isSuccess && !summaries.data.length,
    /** Tries again what failed (the buyer's "Try again"). */
    retry: () => Promise.all([summaries.refetch(), cart.refetch(), categories.refetch(), options.refetch()]),
    cart: cart.data,
    unit: summary ? { _id: summary.unit._id, plan: summary.plan?._id ?? '' } : undefined,
    planRooms: summary?.plan?.rooms,
    categories: categories.data,
    options: options.data,
    packages: packages.data ?? [],
    isLoading,
    isError,
    /** The first read's failure: a refusal (with the server's words) or a failed connection. */
    error: [summaries, cart, categories, options].find((query) => query.isError)?.error,
  };
}
