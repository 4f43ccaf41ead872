// The signed-out pages' frame: its footer reads in the page's language.
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { PublicPage } from '../../../../src/features/layout/PublicPage';
import { pageLanguage } from '../../support/pageLanguage';

test('the footer says what Stampwise is in German, under this year', () => {
  const backToEnglish = pageLanguage('de', ['de-DE']);
  try {
    render(
      <MemoryRouter>
        <PublicPage>
          <p>Anmelden</p>
        </PublicPage>
      </MemoryRouter>,
    );
    expect(screen.getByRole('contentinfo')).toHaveTextContent(`© ${new Date().getFullYear()} Stampwise · Stempelkarten für Cafés und kleine Läden`);
  } finally {
    backToEnglish();
  }
});
