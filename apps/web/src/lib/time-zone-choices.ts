import { DEFAULT_TIME_ZONE, describeTimeZone } from '@decor/core';

/** The time-zone pickers' lists (settings, the wizard, the admin's projects): kept out of the first page's code. */
let zones: string[] | undefined;
let choices: Array<{ value: string; label: string }> | undefined;

/** The time zones as people say them, for a picker: "Toronto (EST)" where the zone database is loaded, else Intl's "Eastern Time (Toronto)"; searchable by city or zone (docs/dates.md). */
export function timeZoneChoices(): Array<{ value: string; label: string }> {
  choices ??= timeZones().map((zone) => {
    const said = describeTimeZone(zone, 'en-CA');
    return { value: zone, label: said === zone || said === 'UTC' ? said : `${said} · ${zone}` };
  });
  return choices;
}

/** Every IANA time zone this browser knows, UTC first (the time zone pickers); listed once, when first asked. */
export function timeZones(): string[] {
  zones ??= [
    DEFAULT_TIME_ZONE,
    ...(typeof Intl.supportedValuesOf === 'function'
      ? Intl.supportedValuesOf('timeZone').filter((zone) => zone !== DEFAULT_TIME_ZONE)
      : []),
  ];
  return zones;
}
