// Dashboard, Campaigns and Help in a real browser at 1280 and 768 px: content, the campaign form's browser
// validation, logged object and reset, the help accordion, no sideways scrolling and no axe-core violations.
// The rewards and QR pages get the same layout and accessibility checks.
import type { ConsoleMessage, Page } from 'playwright-core';
import { checkA11y, hasHorizontalScroll, openVendorPage, settledScreenshot, useE2eApp } from './harness';

const VIEWPORTS = [
  { label: '1280', width: 1280, height: 860 },
  { label: '768', width: 768, height: 1024 },
] as const;

const SUBMIT = 'Launch Campaign & Send Push Notification';

const app = useE2eApp();

/** Layout and accessibility checks every vendor page must pass at every width. */
async function expectUsableAt(page: Page, context: string): Promise<void> {
  expect(await hasHorizontalScroll(page)).toBe(false);
  await checkA11y(page, context);
}

/** A day `daysAhead` from today at hh:mm local time, as typed into the picker and as logged (ISO, UTC). */
function localDateTime(daysAhead: number, hours: number, minutes: number) {
  const date = new Date();
  date.setDate(date.getDate() + daysAhead);
  date.setHours(hours, minutes, 0, 0);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    typed: `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(hours)}:${pad(minutes)}`,
    iso: date.toISOString(),
  };
}

describe.each(VIEWPORTS)('vendor screens at $label px', (viewport) => {
  it('Dashboard shows the sample figures, marked as samples', async () => {
    const { page, context, errors } = await openVendorPage(app, 'dashboard', { viewport });
    try {
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' }).isVisible()).resolves.toBe(true);
      const stamps = page.getByRole('img', { name: '7 of 10 stamps collected' });
      // The dashboard asks for the vendor's own figures first; a new vendor has none, so the samples show.
      await stamps.waitFor();
      expect(await stamps.locator('[data-stamp]').count()).toBe(10);
      expect(await stamps.locator('[data-stamp="filled"]').count()).toBe(7);
      expect(await page.getByRole('progressbar', { name: 'Average stamp-card progress' }).getAttribute('aria-valuenow')).toBe('70');
      await page.getByText('Customers on average collect 7 of 10 stamps.').waitFor();
      await page.getByText('1,234', { exact: true }).waitFor();
      expect(await page.getByTestId('customer-avatar').count()).toBe(4);
      expect(await page.getByTestId('sample-data-tag').count()).toBe(6);

      await settledScreenshot(page, `dashboard-${viewport.label}`);
      await expectUsableAt(page, `on the dashboard at ${viewport.label} px`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('Campaigns: the browser blocks an incomplete form; a complete one is logged exactly, saved and reset', async () => {
    const { page, context, errors } = await openVendorPage(app, 'campaigns', { viewport });
    const logged: unknown[] = [];
    const onConsole = async (message: ConsoleMessage) => {
      if (message.type() === 'log') logged.push(...(await Promise.all(message.args().map((arg) => arg.jsonValue()))));
    };
    page.on('console', (message) => void onConsole(message));
    try {
      await page.getByRole('heading', { name: 'Create New Campaign' }).waitFor();
      await settledScreenshot(page, `campaigns-${viewport.label}`);
      await expectUsableAt(page, `on the empty campaign form at ${viewport.label} px`);

      const submit = page.getByRole('button', { name: SUBMIT });
      const form = page.getByRole('form', { name: 'Create New Campaign' });
      const focusedId = () => page.evaluate(() => document.activeElement?.id ?? '');

      // Empty: the browser's own check stops the submit and focuses the first empty field.
      await submit.click();
      expect(await focusedId()).toBe('campaign_campaignTitle');
      expect(await page.getByLabel('Campaign Title').evaluate((el: HTMLInputElement) => el.validationMessage)).not.toBe('');

      const start = localDateTime(2, 9, 30);
      const end = localDateTime(9, 18, 0);
      await page.getByLabel('Campaign Title').fill('Double stamps weekend');
      await page.getByLabel('Campaign Description').fill('Every coffee earns two stamps this weekend.');
      await page.getByRole('radiogroup', { name: 'Location' }).getByText('5 km', { exact: true }).click();
      await page.getByRole('radiogroup', { name: 'Customer Frequency' }).getByText('Weekly visitors').click();
      for (const [label, when] of [['Start Date & Time', start], ['End Date & Time', end]] as const) {
        await page.getByLabel(label).click();
        await page.getByLabel(label).fill(when.typed);
        await page.keyboard.press('Enter');
        expect(await page.getByLabel(label).inputValue()).toBe(when.typed);
      }
      await page.getByRole('radiogroup', { name: 'Notification Frequency' }).getByText('Daily', { exact: true }).click();

      // Only the antd selects are empty now: their native mirrors keep the browser from submitting,
      // and focus lands in the Select itself.
      await submit.click();
      expect(await focusedId()).toBe('campaign_promotionType');
      expect(logged).toEqual([]);

      await page.getByLabel('Promotion Type').click();
      await page.locator('.ant-select-item-option[title="Bonus stamps"]').click();
      await page.getByLabel('Items to Promote').click();
      await page.locator('.ant-select-item-option[title="Coffee"]').click();
      await page.locator('.ant-select-item-option[title="Tea"]').click();
      await page.keyboard.press('Escape');
      await page.getByLabel('Enable A/B Testing').check();
      await page.getByRole('slider', { name: 'Campaign Budget' }).focus();
      for (let i = 0; i < 5; i += 1) await page.keyboard.press('ArrowRight');

      // The live preview follows the form.
      await page.getByTestId('preview-notification').filter({ hasText: 'Double stamps weekend' }).waitFor();
      await page.getByTestId('preview-summary').filter({ hasText: '$55' }).waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      await settledScreenshot(page, `campaigns-filled-${viewport.label}`);
      await expectUsableAt(page, `on the filled campaign form at ${viewport.label} px`);
      expect(await form.evaluate((el: HTMLFormElement) => el.checkValidity())).toBe(true);

      await submit.click();
      await page.getByText('Campaign launched: customers who accepted campaign messages receive it on their channels.').waitFor();
      expect(logged).toEqual([
        {
          campaignTitle: 'Double stamps weekend',
          campaignDescription: 'Every coffee earns two stamps this weekend.',
          targetAudience: 'weekly',
          startDateTime: start.iso,
          endDateTime: end.iso,
          promotionType: 'bonus-stamps',
          itemsToPromote: ['Coffee', 'Tea'],
          notificationFrequency: 'daily',
          abTesting: true,
          budget: 55,
        },
      ]);

      // Reset: every field empty again, budget $50, A/B testing off.
      expect(await page.getByLabel('Campaign Title').inputValue()).toBe('');
      expect(await page.getByLabel('Campaign Description').inputValue()).toBe('');
      expect(await page.getByLabel('Start Date & Time').inputValue()).toBe('');
      expect(await page.getByLabel('End Date & Time').inputValue()).toBe('');
      expect(await page.locator('input[type="radio"]:checked').count()).toBe(0);
      expect(await page.locator('.ant-select-selection-item').count()).toBe(0);
      expect(await page.getByRole('slider', { name: 'Campaign Budget' }).getAttribute('aria-valuenow')).toBe('50');
      expect(await page.getByLabel('Enable A/B Testing').isChecked()).toBe(false);

      // The store's own campaign, saved on the server, replaces the sample rows below the form.
      await page.locator('table tbody tr', { hasText: 'Double stamps weekend' }).first().waitFor();
      expect(await page.getByText('Winter Warmer Week').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('Help: each question opens to its answer; the resources are listed', async () => {
    const { page, context, errors } = await openVendorPage(app, 'help', { viewport });
    try {
      const answers: Record<string, string> = {
        'How do I set up a reward campaign?': "Go to Rewards, click 'Update Reward Setup', define your reward and save.",
        'How do customers earn and redeem rewards?': 'Customers earn one stamp per purchase by scanning your QR code in store.',
        'How do I track reward performance?': 'Your dashboard shows redemptions, customer activity and campaign performance.',
      };
      for (const [question, answer] of Object.entries(answers)) {
        const toggle = page.getByRole('button', { name: question });
        expect(await toggle.getAttribute('aria-expanded')).toBe('false');
        await toggle.click();
        expect(await toggle.getAttribute('aria-expanded')).toBe('true');
        await page.getByText(answer).waitFor({ state: 'visible' });
      }
      // The resources are real pages of the app.
      for (const [title, page_] of [['User Guide', 'guide'], ['FAQ', 'faq'], ['Tutorial Videos', 'tutorial']] as const) {
        expect(await page.getByRole('link', { name: title, exact: true }).getAttribute('href')).toMatch(new RegExp(`^/help/[^/]+/${page_}$`));
      }
      await settledScreenshot(page, `help-${viewport.label}`);
      await expectUsableAt(page, `on the help page at ${viewport.label} px`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each(['rewards', 'qr-code'])('the %s page is usable and accessible too', async (route) => {
    const { page, context } = await openVendorPage(app, route, { viewport });
    try {
      await page.waitForLoadState('networkidle');
      await settledScreenshot(page, `${route}-screens-${viewport.label}`);
      await expectUsableAt(page, `on /${route} at ${viewport.label} px`);
    } finally {
      await context.close();
    }
  });
});
