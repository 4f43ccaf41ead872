// Initials for an avatar: the first letter or digit of the first and last word of a name. Words without one
// ("#", "n.º") are skipped, so "Customer #1" reads "C1", not "C#".
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

export function initials(name: string): string {
  const leads = name
    .trim()
    .split(/\s+/)
    .map((word) => LETTER_OR_DIGIT.exec(word)?.[0])
    .filter((lead): lead is string => lead !== undefined);
  if (leads.length === 0) return '?';
  const first = leads[0];
  const last = leads.length > 1 ? leads[leads.length - 1] : '';
  return (first + last).toUpperCase();
}
