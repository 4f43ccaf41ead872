// /help/:userId/faq: the questions café owners ask most, each with its answer.
import { FAQ_ENTRIES, HELP_PAGES_TEXT } from './helpContent';
import { HelpArticle, HelpSections } from './HelpArticle';

export default function HelpFaqPage() {
  return (
    <HelpArticle title={HELP_PAGES_TEXT.faq.title} subtitle={HELP_PAGES_TEXT.faq.subtitle}>
      <HelpSections sections={FAQ_ENTRIES} />
    </HelpArticle>
  );
}
