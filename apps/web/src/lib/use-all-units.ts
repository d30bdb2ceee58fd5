import { useEffect, useMemo } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { unitsQuery } from './units-query.ts';

/** Every unit of the project, page after page (a project has hundreds, not millions), as choices for a picker. */
export function useAllUnits() {
  const query = useInfiniteQuery(unitsQuery);
  useEffect(() => {
    if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  }, [query.hasNextPage, query.isFetchingNextPage, query]);
  const units = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  const choices = useMemo(() => units.map((u) => ({ value: u._id, label: `${u.name} · floor ${u.floor}` })), [units]);
  const byName = useMemo(() => new Map(units.map((u) => [u.name.toLowerCase(), u._id])), [units]);
  return { units, choices, byName, query };
}
