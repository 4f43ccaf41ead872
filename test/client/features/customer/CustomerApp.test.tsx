// The customer app as the phone runs it (src/customer.tsx): a language switch re-renders the page in the new
// language without sending the QR code or the mailed link again.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { CustomerApp } from '../../../../src/features/customer/CustomerApp';
import { activate } from '../../../../src/i18n/texts';
import { installFakeApi, type FakeApi } from '../../support/fakeHttp';
import { CREDENTIAL, sampleScan } from './samples';
import { settle } from './settle';

jest.setTimeout(30_000);

let api: FakeApi;

beforeEach(() => {
  jest.useFakeTimers();
  api = installFakeApi();
});

afterEach(() => {
  api.restore();
  jest.useRealTimers();
  localStorage.clear();
  act(() => activate('en'));
  window.history.replaceState(null, '', '/');
});

test('switching language on the scan page keeps the stamp just collected, in the new language, and scans once', async () => {
  window.history.replaceState(null, '', '/s/d.vendor-1.abc.jti.mac');
  api.on('POST /api/customer/scan', { status: 200, body: sampleScan({ credential: CREDENTIAL }) });
  render(<CustomerApp />);
  await settle();
  expect(screen.getByText('1 / 10')).toBeInTheDocument();

  fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'fr' } });
  await settle();
  expect(screen.getByRole('combobox', { name: 'Langue' })).toBeInTheDocument();
  expect(screen.getByText('1 / 10')).toBeInTheDocument();
  expect(screen.getByText('Plus que 9 tampons')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(api.requests.filter((r) => r.path === '/api/customer/scan')).toHaveLength(1);
});

test('switching language after a mailed sign-in link worked still says it worked, and uses the link once', async () => {
  window.history.replaceState(null, '', '/wallet/recover/link-token');
  let uses = 0;
  api.on('POST /api/customer/recover/link-token', () => (++uses === 1 ? { status: 200, body: { credential: CREDENTIAL } } : { status: 410, body: { error: 'This sign-in link is not valid.' } }));
  render(<CustomerApp />);
  await settle();
  expect(screen.getByRole('heading', { name: 'Your cards are on this phone now' })).toBeInTheDocument();

  fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'fr' } });
  await settle();
  expect(screen.getByRole('heading', { name: 'Vos cartes sont maintenant sur ce téléphone' })).toBeInTheDocument();
  expect(uses).toBe(1);
});
