// The browser's time zone: sent at sign-up and offered by the settings form when the business
// still has the installation's default (docs/decisions/036). The server checks it again.

/** The installation's default for a business that never chose (business_profiles.time_zone). */
export const DEFAULT_TIME_ZONE = 'UTC';

/** The browser's IANA time zone, or null when it gives none. */
export function browserTimeZone(): string | null {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return typeof zone === 'string' && zone.length > 0 && zone.length <= 64 ? zone : null;
  } catch {
    return null;
  }
}

/** Every time zone this browser knows, with `include` first if it knows it under another name. */
export function supportedTimeZones(include?: string): string[] {
  const all =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const zones = all.includes(DEFAULT_TIME_ZONE) ? all : [DEFAULT_TIME_ZONE, ...all];
  return include && !zones.includes(include) ? [include, ...zones] : zones;
}
