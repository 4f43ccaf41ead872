// The customer's say over campaign messages: the card page's "Campaign messages" switch (on unless turned
// off, saved at once for that store) and the profile form's campaign e-mail box (off unless ticked).
import { fireEvent, screen } from '@testing-library/react';
import CardPage from '../../../../src/features/customer/CardPage';
import { ProfileForm } from '../../../../src/features/customer/ProfileForm';
import { CUSTOMER_CREDENTIAL_STORAGE_KEY } from '../../../../src/constants';
import { installFakeApi, type FakeApi } from '../../support/fakeHttp';
import { renderCustomerPage } from './renderCustomer';
import { CREDENTIAL, sampleCard } from './samples';
import { settle } from './settle';

jest.setTimeout(30_000);

let api: FakeApi;

beforeEach(() => {
  jest.useFakeTimers();
  api = installFakeApi();
  localStorage.setItem(CUSTOMER_CREDENTIAL_STORAGE_KEY, CREDENTIAL);
});

afterEach(() => {
  api.restore();
  localStorage.clear();
  jest.useRealTimers();
});

it("the card page's Campaign messages switch shows the store's setting and turns its messages off", async () => {
  api.on('GET /api/customer/cards/card-1', { status: 200, body: { card: sampleCard({ id: 'card-1', stamps: 3 }), redemptions: [] } });
  api.on('GET /api/customer/cards/card-1/store', { status: 404, body: { error: 'Not found.' } });
  api.on('GET /api/customer/cards/card-1/campaign-messages', { status: 200, body: { enabled: true } });
  api.on('PUT /api/customer/cards/card-1/campaign-messages', { status: 200, body: { enabled: false } });
  renderCustomerPage(<CardPage />, { route: '/wallet/card-1', path: '/wallet/:cardId' });
  await settle();
  await settle();
  const toggle = await screen.findByRole('switch', { name: 'Campaign messages' });
  expect(toggle).toBeChecked();
  expect(screen.getByText('Offers and news from Bean There Café by e-mail and on your wallet pass. Turn off to stop them.')).toBeInTheDocument();
  fireEvent.click(toggle);
  await settle();
  const put = api.requests.find((request) => request.method === 'PUT');
  expect(put?.url).toMatch(/\/api\/customer\/cards\/card-1\/campaign-messages$/);
  expect(JSON.parse(put?.body as string)).toEqual({ enabled: false });
  expect(put?.headers.get('X-Customer-Key')).toBe(CREDENTIAL);
  expect(screen.getByRole('switch', { name: 'Campaign messages' })).not.toBeChecked();
});

it('the profile form asks for campaign e-mail with a box that is off until ticked', async () => {
  api.on('GET /api/customer/me', { status: 200, body: { displayName: null, email: 'ana@example.com' } });
  api.on('GET /api/customer/me/campaign-mail', { status: 200, body: { optIn: false } });
  api.on('PUT /api/customer/me/campaign-mail', { status: 200, body: { optIn: true } });
  const { container } = renderCustomerPage(<ProfileForm />);
  const details = container.querySelector('details') as HTMLDetailsElement;
  details.open = true;
  fireEvent(details, new Event('toggle'));
  await settle();
  await settle();
  const box = await screen.findByRole('checkbox', { name: 'E-mail me offers from the stores where I collect stamps' });
  expect(box).not.toBeChecked();
  fireEvent.click(box);
  await settle();
  const put = api.requests.find((request) => request.method === 'PUT');
  expect(JSON.parse(put?.body as string)).toEqual({ optIn: true });
  expect(screen.getByRole('checkbox', { name: 'E-mail me offers from the stores where I collect stamps' })).toBeChecked();
});
