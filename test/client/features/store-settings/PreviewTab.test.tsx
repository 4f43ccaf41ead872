// Store Settings' Preview tab: the store section customers see, with the unsaved edits, in the vendor's language.
import { render, screen, within } from '@testing-library/react';
import { PreviewTab } from '../../../../src/features/store-settings/PreviewTab';
import { pageLanguage } from '../../support/pageLanguage';

const spaces = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

let backToEnglish: () => void;
beforeEach(() => {
  backToEnglish = pageLanguage('fr', ['fr-FR']);
});
afterEach(() => backToEnglish());

test('a euro store previewed in French: French words and prices written "4,20 €"', () => {
  render(
    <PreviewTab
      profile={{ company: 'Café du Coin', address: '3 rue des Lilas, Lyon', open_hours: 'lun.–ven. 7h–18h', website: '', currency: 'EUR', timeZone: 'Europe/Paris' }}
      logoUrl={null}
      coverUrl={null}
      items={[{ _id: 'a', name: 'Croissant', price: 4.2 }]}
    />,
  );
  expect(screen.getByText('Ce que vos clients voient de votre boutique sous leur carte de fidélité')).toBeInTheDocument();
  const phone = screen.getByRole('article', { name: 'Aperçu de la boutique Café du Coin' });
  expect(within(phone).getByRole('heading', { name: 'Carte' })).toBeInTheDocument();
  expect(within(phone).getByText(/^Adresse/)).toBeInTheDocument();
  expect(spaces(within(phone).getByText(/4,20/).textContent)).toBe('4,20 €');
});

test('a store without a name or menu says so in French', () => {
  render(<PreviewTab profile={{ company: '', address: '', open_hours: '', website: '', currency: 'EUR', timeZone: 'Europe/Paris' }} logoUrl={null} coverUrl={null} items={[]} />);
  expect(screen.getByRole('heading', { name: 'Le nom de votre boutique' })).toBeInTheDocument();
  expect(screen.getByText('Aucun produit pour l’instant')).toBeInTheDocument();
});
