// What a reader sees while a page of the app downloads: a status in their own language.
import { render, screen } from '@testing-library/react';
import { PageFallback } from '../../../src/app/PageFallback';
import { pageLanguage } from '../support/pageLanguage';

it('says it is loading in English', () => {
  render(<PageFallback />);
  expect(screen.getByRole('status')).toHaveTextContent('Loading…');
});

it("says it is loading in the reader's language, not in English", () => {
  const backToEnglish = pageLanguage('es', ['es-ES']);
  try {
    render(<PageFallback />);
    expect(screen.getByRole('status')).toHaveTextContent('Cargando…');
  } finally {
    backToEnglish();
  }
});
