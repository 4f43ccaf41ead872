// Per-item stamp mode on the QR page: staff choose how many stamps this purchase earns and the next code
// carries that count (?count= on the code request); the codes after it give 1 stamp again.
import { act, fireEvent, screen } from '@testing-library/react';
import { GENERATE, VENDOR, cornerCafe, renderQrPage, withQrPageSetup } from './qrPageSetup';

jest.mock('html2canvas', () => ({ __esModule: true, default: jest.fn() }));
jest.setTimeout(30_000);

// The counter's own read of the stamp mode (staff and counter screens may use it).
const SETTINGS = `GET /api/rewards/${VENDOR}/counter-settings`;
let mode: 'per-visit' | 'per-item';
const setup = withQrPageSetup((http) => {
  let issued = 0;
  http.on(GENERATE, () => {
    issued += 1;
    const token = `dtoken${issued}xxxxxx`;
    return { status: 200, body: { token, url: `http://stampwise.test/S/${token}`, expiresAt: 0 } };
  });
  http.on(`GET /api/vendor/${VENDOR}`, { status: 200, body: cornerCafe(null) });
  http.on(SETTINGS, () => ({ status: 200, body: { stampMode: mode, maxPerTransaction: 3 } }));
});

const settle = () => act(() => jest.advanceTimersByTimeAsync(0));
/** The query strings of the code requests, in order. */
const codeQueries = () =>
  setup.http.fetch.mock.calls.map(([request]) => new URL(request.url, 'http://localhost')).filter((url) => url.pathname === `/api/qrcode/generate/${VENDOR}`).map((url) => url.search);

describe('the QR page quantity selector', () => {
  it('in per-item mode, choosing 2 fetches a new code for 2 stamps at once; the next rotation gives 1 again', async () => {
    mode = 'per-item';
    renderQrPage();
    await settle();
    const input = await screen.findByLabelText('Stamps for this purchase');
    expect(screen.getByText('This code gives 1 stamp')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: '2' } });
    await settle();
    expect(codeQueries()).toEqual(['', '?count=2']);
    expect(screen.getByText('This code gives 2 stamps')).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(60_000));
    expect(codeQueries()).toEqual(['', '?count=2', '']);
    expect(screen.getByText('This code gives 1 stamp')).toBeInTheDocument();
  });

  it('is not offered in per-visit mode', async () => {
    mode = 'per-visit';
    renderQrPage();
    await settle();
    await settle();
    expect(screen.queryByLabelText('Stamps for this purchase')).not.toBeInTheDocument();
  });
});
