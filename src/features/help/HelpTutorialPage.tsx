// /help/:userId/tutorial: a short illustrated walkthrough, screenshots of the real app served from /tutorial/.
import { HELP_PAGES_TEXT, TUTORIAL_STEPS } from './helpContent';
import { HelpArticle } from './HelpArticle';

export default function HelpTutorialPage() {
  return (
    <HelpArticle title={HELP_PAGES_TEXT.tutorial.title} subtitle={HELP_PAGES_TEXT.tutorial.subtitle}>
      <ol className="sw-tutorial">
        {TUTORIAL_STEPS.map((step) => (
          <li key={step.image} className="sw-tutorial__step">
            <h2>{step.title}</h2>
            <p>{step.text}</p>
            <img src={step.image} alt={step.alt} loading="lazy" width={1280} height={800} />
          </li>
        ))}
      </ol>
    </HelpArticle>
  );
}
