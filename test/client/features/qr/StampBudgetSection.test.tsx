// The stamp-limit boxes: empty, they read "Automatic" in the page's language, and each box is wide enough to show
// that word whole (a fixed 90 px box cut the French "Automatique" to "Autom…").
import { screen } from '@testing-library/react';
import { act } from 'react';
import { StampBudgetSection } from '../../../../src/features/qr/StampBudgetSection';
import { renderWithApp } from '../../render';
import { installFakeApi, type FakeApi } from '../../support/fakeHttp';
import { pageLanguage } from '../../support/pageLanguage';

const VENDOR = 'vendor-1';
let http: FakeApi;
let backToEnglish: () => void = () => undefined;

beforeEach(() => {
  http = installFakeApi();
});
afterEach(() => {
  act(() => backToEnglish());
  http.restore();
});

describe('StampBudgetSection', () => {
  it('sizes each empty box to its French placeholder "Automatique"', async () => {
    backToEnglish = pageLanguage('fr', ['fr-FR']);
    renderWithApp(<StampBudgetSection vendorId={VENDOR} />);
    const boxes = await screen.findAllByPlaceholderText('Automatique');
    expect(boxes).toHaveLength(2);
    for (const box of boxes) {
      const wrapper = box.closest('.ant-input-number') as HTMLElement;
      expect(wrapper.style.width).toBe('calc(11ch + 24px)');
    }
  });

  it('brings up the number keypad on a phone: both boxes take whole numbers (inputmode numeric)', async () => {
    renderWithApp(<StampBudgetSection vendorId={VENDOR} />);
    const boxes = await screen.findAllByPlaceholderText('Automatic');
    expect(boxes.map((box) => box.getAttribute('inputmode'))).toEqual(['numeric', 'numeric']);
  });
});
