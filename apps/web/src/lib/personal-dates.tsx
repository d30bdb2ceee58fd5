import { useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { provideZone, type ZoneRulesResponse } from '@decor/core';
import { api } from './api-client.ts';
import { PersonalZoneContext } from './use-dates.ts';

/** The zone and language of the person reading, as their browser says. */
function readersZone(): { locale: string; timeZone: string } {
  const resolved = new Intl.DateTimeFormat().resolvedOptions();
  return {
    locale: typeof navigator === 'undefined' ? resolved.locale : navigator.language || resolved.locale,
    timeZone: resolved.timeZone || 'UTC',
  };
}

/**
 * Dates for the person reading (the platform's back office, docs/admin.md): their zone, printed
 * from the server's rules for that zone once they arrive (Intl's until then), in the style of
 * their language on a project's pages (useDates, docs/dates.md).
 */
export function PersonalDates({ children }: { children: ReactNode }) {
  const { locale, timeZone } = useMemo(() => readersZone(), []);
  const rules = useQuery({
    queryKey: ['time-zone', timeZone],
    queryFn: ({ signal }) => api<ZoneRulesResponse>(`/api/time-zone?name=${encodeURIComponent(timeZone)}`, { signal }),
    staleTime: Infinity,
    retry: false,
    select: (answer) => {
      provideZone(answer.name, answer.packed, answer.version);
      return answer;
    },
  });
  const value = useMemo(
    () => ({ locale, timeZone, rulesAt: rules.dataUpdatedAt }),
    [locale, timeZone, rules.dataUpdatedAt],
  );
  return <PersonalZoneContext.Provider value={value}>{children}</PersonalZoneContext.Provider>;
}
