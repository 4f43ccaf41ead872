// The User Guide, the FAQ and the illustrated walkthrough: the words a café owner reads under Help.
// Kept apart from the pages so the texts can be read and reviewed in one place; each is read during render, in the
// page's language.
import { t } from '../../i18n/texts';

export interface HelpSection {
  id: string;
  title: string;
  paragraphs: readonly string[];
}

export function helpPagesText() {
  return {
    backToHelp: t('helpContent.backToHelp'),
    guide: { title: t('helpContent.guide.title'), subtitle: t('helpContent.guide.subtitle'), contents: t('helpContent.guide.contents') },
    faq: { title: t('helpContent.faq.title'), subtitle: t('helpContent.faq.subtitle') },
    tutorial: { title: t('helpContent.tutorial.title'), subtitle: t('helpContent.tutorial.subtitle') },
  };
}

export function guideSections(): readonly HelpSection[] {
  return [
    { id: 'how-it-works', title: t('helpContent.guide.howItWorks.title'), paragraphs: [t('helpContent.guide.howItWorks.p1'), t('helpContent.guide.howItWorks.p2')] },
    { id: 'store', title: t('helpContent.guide.store.title'), paragraphs: [t('helpContent.guide.store.p1'), t('helpContent.guide.store.p2'), t('helpContent.guide.store.p3')] },
    { id: 'reward', title: t('helpContent.guide.reward.title'), paragraphs: [t('helpContent.guide.reward.p1'), t('helpContent.guide.reward.p2')] },
    { id: 'counter', title: t('helpContent.guide.counter.title'), paragraphs: [t('helpContent.guide.counter.p1'), t('helpContent.guide.counter.p2'), t('helpContent.guide.counter.p3')] },
    { id: 'handover', title: t('helpContent.guide.handover.title'), paragraphs: [t('helpContent.guide.handover.p1'), t('helpContent.guide.handover.p2')] },
    { id: 'flyer', title: t('helpContent.guide.flyer.title'), paragraphs: [t('helpContent.guide.flyer.p1'), t('helpContent.guide.flyer.p2')] },
    { id: 'customers', title: t('helpContent.guide.customers.title'), paragraphs: [t('helpContent.guide.customers.p1'), t('helpContent.guide.customers.p2')] },
  ];
}

export function faqEntries(): readonly HelpSection[] {
  return [
    { id: 'app', title: t('helpContent.faq.app.question'), paragraphs: [t('helpContent.faq.app.p1')] },
    { id: 'cooldown', title: t('helpContent.faq.cooldown.question'), paragraphs: [t('helpContent.faq.cooldown.p1'), t('helpContent.faq.cooldown.p2')] },
    { id: 'lost-phone', title: t('helpContent.faq.lostPhone.question'), paragraphs: [t('helpContent.faq.lostPhone.p1'), t('helpContent.faq.lostPhone.p2')] },
    { id: 'relay-alert', title: t('helpContent.faq.relayAlert.question'), paragraphs: [t('helpContent.faq.relayAlert.p1'), t('helpContent.faq.relayAlert.p2')] },
    { id: 'flyer', title: t('helpContent.faq.flyer.question'), paragraphs: [t('helpContent.faq.flyer.p1')] },
    { id: 'handover', title: t('helpContent.faq.handover.question'), paragraphs: [t('helpContent.faq.handover.p1')] },
    { id: 'menu-upload', title: t('helpContent.faq.menuUpload.question'), paragraphs: [t('helpContent.faq.menuUpload.p1')] },
    { id: 'several-devices', title: t('helpContent.faq.severalDevices.question'), paragraphs: [t('helpContent.faq.severalDevices.p1')] },
  ];
}

export interface TutorialStep {
  image: string;
  title: string;
  text: string;
  alt: string;
}

/** Screenshots of the real app, made by scripts/tutorial-screenshots.ts into public/tutorial/. */
export function tutorialSteps(): readonly TutorialStep[] {
  return [
    { image: '/tutorial/1-dashboard.png', title: t('helpContent.tutorial.step1.title'), text: t('helpContent.tutorial.step1.text'), alt: t('helpContent.tutorial.step1.alt') },
    { image: '/tutorial/2-store-settings.png', title: t('helpContent.tutorial.step2.title'), text: t('helpContent.tutorial.step2.text'), alt: t('helpContent.tutorial.step2.alt') },
    { image: '/tutorial/3-rewards.png', title: t('helpContent.tutorial.step3.title'), text: t('helpContent.tutorial.step3.text'), alt: t('helpContent.tutorial.step3.alt') },
    { image: '/tutorial/4-qr-page.png', title: t('helpContent.tutorial.step4.title'), text: t('helpContent.tutorial.step4.text'), alt: t('helpContent.tutorial.step4.alt') },
    { image: '/tutorial/5-customer-card.png', title: t('helpContent.tutorial.step5.title'), text: t('helpContent.tutorial.step5.text'), alt: t('helpContent.tutorial.step5.alt') },
  ];
}
