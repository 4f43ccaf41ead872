// Initials for an avatar or a logo stand-in: the first letter or digit of the first and last word of a name.
// Every avatar of the app (the profile menu, the dashboard's customers, the store's logo stand-ins) uses this
// rule, so one name reads the same everywhere; the server's `initials` field follows the same rule.
// Words without a letter or digit ("#", "–", "n.º") are skipped, so "Customer #1" reads "C1", not "C#".
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** One character, upper-cased ("ß" stays one letter rather than becoming "SS"). */
function upper(lead: string): string {
  const up = lead.toUpperCase();
  return Array.from(up).length === 1 ? up : lead;
}

export function initials(name: string): string {
  const leads = name
    .trim()
    .split(/\s+/)
    .map((word) => LETTER_OR_DIGIT.exec(word)?.[0])
    .filter((lead): lead is string => lead !== undefined);
  if (leads.length === 0) return '?';
  const first = leads[0];
  const last = leads.length > 1 ? leads[leads.length - 1] : '';
  return upper(first) + (last ? upper(last) : '');
}
