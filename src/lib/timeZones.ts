// The time zones a store may choose: the IANA names this browser's Intl knows (no list shipped in the bundle),
// plus UTC, which Intl leaves out of its list. The server checks the choice against its own Intl.

export interface TimeZoneOption {
  /** IANA name, what the store saves ("America/New_York"). */
  value: string;
  /** "America/New York": the name as people type it, so searching by city finds it. */
  label: string;
}

export const UTC = 'UTC';

/** The browser's own zone: what a store that never chose one starts with (the counter is usually in the shop). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || UTC;
}

function knownTimeZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    // An older browser without the list: the current zone and UTC are still offered.
    return [];
  }
}

/** Every zone this browser knows, by name; `current` is kept even if it does not. */
export function timeZoneOptions(current: string): TimeZoneOption[] {
  const names = new Set(knownTimeZones());
  names.add(UTC);
  names.add(current);
  return [...names].sort().map((value) => ({ value, label: value.replaceAll('_', ' ') }));
}
