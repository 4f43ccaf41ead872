/** A typed website as a link target: owners often type "corner.coffee" without the scheme. */
export function websiteHref(website: string): string | null {
  const text = website.trim();
  if (!text) return null;
  const withScheme = /^https?:\/\//i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
