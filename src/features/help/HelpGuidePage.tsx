// /help/:userId/guide: the User Guide, with a table of contents.
import { GUIDE_SECTIONS, HELP_PAGES_TEXT } from './helpContent';
import { HelpArticle, HelpSections } from './HelpArticle';

export default function HelpGuidePage() {
  return (
    <HelpArticle title={HELP_PAGES_TEXT.guide.title} subtitle={HELP_PAGES_TEXT.guide.subtitle}>
      <nav className="sw-help-contents" aria-label={HELP_PAGES_TEXT.guide.contents}>
        <ol>
          {GUIDE_SECTIONS.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      <HelpSections sections={GUIDE_SECTIONS} />
    </HelpArticle>
  );
}
