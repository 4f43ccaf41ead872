// /help/:userId/faq: the questions café owners ask most, each with its answer.
import { faqEntries, helpPagesText } from './helpContent';
import { HelpArticle, HelpSections } from './HelpArticle';

export default function HelpFaqPage() {
  const text = helpPagesText();
  return (
    <HelpArticle title={text.faq.title} subtitle={text.faq.subtitle}>
      <HelpSections sections={faqEntries()} />
    </HelpArticle>
  );
}
