// /help/:userId/guide: the User Guide, with a table of contents.
import { guideSections, helpPagesText } from './helpContent';
import { HelpArticle, HelpSections } from './HelpArticle';

export default function HelpGuidePage() {
  const text = helpPagesText();
  const sections = guideSections();
  return (
    <HelpArticle title={text.guide.title} subtitle={text.guide.subtitle}>
      <nav className="sw-help-contents" aria-label={text.guide.contents}>
        <ol>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      <HelpSections sections={sections} />
    </HelpArticle>
  );
}
