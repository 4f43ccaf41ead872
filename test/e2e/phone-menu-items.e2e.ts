// Adding a menu item on a 390-px phone, in German: the item's name is what a person types most, so its box keeps
// room for a word ("Cappuccino") however long the Add button's label is in the page's language.
import { openIn } from './languages';
import { animationsSettled, signInPage, useE2eApp } from './harness';

const app = useE2eApp({ vendor: { company: 'Kleines Café' } });

describe('Store Settings → Menu & Items on a phone', () => {
  it('in German at 390 px, the name box is wide enough to read what is typed, and the row fits the dialog', async () => {
    const { context, page } = await openIn(app.browser, 'de-DE');
    try {
      await signInPage(page, app.server, app.vendor);
      await page.getByRole('button', { name: /^Kontomenü/ }).click();
      await page.getByRole('menuitem', { name: 'Geschäftseinstellungen' }).click();
      await page.getByRole('tab', { name: 'Karte & Artikel' }).click();
      const name = page.getByRole('textbox', { name: 'Artikelname' });
      await name.fill('Cappuccino');
      // The dialog opens with a zoom: boxes measured during it come out scaled down.
      await animationsSettled(page);
      const nameBox = await name.boundingBox();
      const dialogBox = await page.getByRole('dialog').boundingBox();
      const addBox = await page.getByRole('button', { name: 'Hinzufügen' }).boundingBox();
      if (!nameBox || !dialogBox || !addBox) throw new Error('the add-item row is not on screen');
      // "Cappuccino" in the page's font at 16 px is about 90 px wide.
      expect(nameBox.width).toBeGreaterThanOrEqual(150);
      expect(addBox.x + addBox.width).toBeLessThanOrEqual(dialogBox.x + dialogBox.width);
      await page.screenshot({ path: 'test-results/screenshots/phone-menu-items-de.png' });
    } finally {
      await context.close();
    }
  });
});
