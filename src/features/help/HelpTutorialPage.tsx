// /help/:userId/tutorial: a short illustrated walkthrough, screenshots of the real app served from /tutorial/.
import { helpPagesText, tutorialSteps } from './helpContent';
import { HelpArticle } from './HelpArticle';

export default function HelpTutorialPage() {
  const text = helpPagesText();
  return (
    <HelpArticle title={text.tutorial.title} subtitle={text.tutorial.subtitle}>
      <ol className="sw-tutorial">
        {tutorialSteps().map((step) => (
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
