import { useQuery } from '@tanstack/react-query';
import type { RuleCategory, RuleOption } from '@decor/core';
import { api } from './api-client.ts';
import { myCartsQuery } from './cart-summary.ts';
import { cartQuery, type Cart } from './cart-query.ts';
import { catalogueQuery } from './catalogue.ts';

export interface OptionItem extends RuleOption {
  rooms: string[];
  level: number;
  vendor: string;
  description: string;
  swatch: { color: string; roughness?: number; metalness?: number; texture?: string | null; scale?: number } | null;
  images: string[];
}

export interface CategoryItem extends RuleCategory {
  rooms: string[];
  order: number;
  surface: string | null;
}

export type CartItem = Cart;

export interface PackageItem {
  _id: string;
  name: string;
  description: string;
  options: string[];
  priceAdjustment: number;
}


/** Everything the configurator needs: the buyer's cart and unit, and the catalogue. */
export function useConfiguratorData() {
  const summaries = useQuery(myCartsQuery);
  const cartId = summaries.data?.[0]?._id;
  const cart = useQuery(cartQuery(cartId));
  const unitId = cart.data?.unit;
  const unit = useQuery({
    queryKey: ['configure', 'unit', unitId],
    queryFn: ({ signal }) => api<{ _id: string; plan: string }>(`/api/schema/units/${unitId}`, { signal }),
    enabled: Boolean(unitId),
  });
  const planId = unit.data?.plan;
  const plan = useQuery({
    queryKey: ['configure', 'plan', planId],
    queryFn: ({ signal }) => api<{ _id: string; rooms: string[] }>(`/api/schema/plans/${planId}`, { signal }),
    enabled: Boolean(planId),
  });
  const categories = useQuery(catalogueQuery<CategoryItem>('categories'));
  const options = useQuery(catalogueQuery<OptionItem>('options'));
  const packages = useQuery(catalogueQuery<PackageItem>('packages'));
  const isLoading = summaries.isLoading || cart.isLoading || unit.isLoading || plan.isLoading || categories.isLoading || options.isLoading;
  const isError = summaries.isError || cart.isError || unit.isError || plan.isError || categories.isError || options.isError;
  return {
    summary: summaries.data?.[0] ?? null,
    hasNoCart: summaries.isSuccess && !summaries.data.length,
    cart: cart.data,
    unit: unit.data,
    planRooms: plan.data?.rooms,
    categories: categories.data,
    options: options.data,
    packages: packages.data ?? [],
    isLoading,
    isError,
  };
}
