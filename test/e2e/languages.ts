// Pages in a browser language: a context whose language (and phone-or-desktop build) the test chooses,
// and the texts a page shows that did not come from the catalogue, read in the pseudo-language.
import type { Browser, BrowserContext, Page } from 'playwright-core';

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/** A new browser context set to `locale`; a viewport narrower than 500 px is a touch phone. */
export async function openIn(browser: Browser, locale: string, viewport: { width: number; height: number } = PHONE): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale, viewport, isMobile: viewport.width < 500, hasTouch: viewport.width < 500 });
  return { context, page: await context.newPage() };
}

/** Visible texts with letters that are not inside the pseudo-language's brackets (nor the given names). */
export async function textsOutsideTheCatalogue(page: Page, names: string[]): Promise<string[]> {
  return page.evaluate((allowed) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, option') || !parent.checkVisibility()) continue;
      let rest = node.textContent ?? '';
      for (const name of allowed) rest = rest.split(name).join('');
      rest = rest.replace(/⟦[^⟧]*⟧/g, '');
      if (/[A-Za-z]{2,}/.test(rest)) found.push((node.textContent ?? '').trim());
    }
    return found;
  }, names);
}
