// The page of the link mailed to a new e-mail address: it confirms once and says the new address, or why not.
import { screen } from '@testing-library/react';
import ConfirmEmailPage from '../../../../src/features/team/ConfirmEmailPage';
import { renderWithApp } from '../../render';
import { installFakeApi, type FakeApi } from '../../support/fakeHttp';

jest.setTimeout(60_000);

let http: FakeApi;
beforeEach(() => {
  http = installFakeApi();
});
afterEach(() => http.restore());

const open = () => renderWithApp(<ConfirmEmailPage />, { route: '/account/confirm-email/tok123', path: '/account/confirm-email/:token' });

describe('the e-mail change link', () => {
  it('confirms the new address once and says to sign in with it', async () => {
    http.on('POST /api/account/confirm-email/tok123', { status: 200, body: { email: 'new@example.test' } });
    open();
    expect(await screen.findByText('Your e-mail address is now new@example.test. Sign in with it from now on.')).toBeInTheDocument();
    expect(http.sent('POST /api/account/confirm-email/tok123')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Go to sign in' })).toBeInTheDocument();
  });

  it('says a used or expired link is used up', async () => {
    http.on('POST /api/account/confirm-email/tok123', { status: 410, body: { error: 'gone' } });
    open();
    expect(await screen.findByText('This link has already been used or has expired. Ask for a new one in Account Settings.')).toBeInTheDocument();
  });
});
