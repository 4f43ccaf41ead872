// The QR page as a vendor sees it: its texts, the live countdown, Regenerate, copy, and the flyer export.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { clampQrSize } from '../../../../src/features/qr/QrCodeDisplay';
import { pageLanguage } from '../../support/pageLanguage';
import { GENERATE, PRINTABLE, VENDOR, button, cornerCafe, mockedHtml2canvas, renderQrPage, withQrPageSetup } from './qrPageSetup';

jest.mock('html2canvas', () => ({
  __esModule: true,
  default: jest.fn(async () => ({ toDataURL: () => 'data:image/png;base64,Zmx5ZXI=' })),
}));
const html2canvas = mockedHtml2canvas();

// A cold antd render takes seconds on a busy 2-core machine.
jest.setTimeout(30_000);

let issued: number;

const setup = withQrPageSetup((http) => {
  issued = 0;
  http.on(GENERATE, () => {
    issued += 1;
    const token = `dtoken${issued}xxxxxx.${VENDOR}.abcdef.mac`;
    return { status: 200, body: { token, url: `http://stampwise.test/s/${token}`, expiresAt: 0 } };
  });
  http.on(`GET /api/vendor/${VENDOR}`, { status: 200, body: cornerCafe('/api/images/abc') });
  http.on(PRINTABLE, { status: 200, body: { token: 'p.vendor-1.1.mac', url: 'http://stampwise.test/s/p.vendor-1.1.mac' } });
});

const settle = () => act(() => jest.advanceTimersByTimeAsync(0));

describe('QrPage', () => {
  it("shows the title, chip and instructions, 'Loading QR...' until the token arrives, then the QR", async () => {
    renderQrPage();
    expect(screen.getByText('Scan This QR Code', { selector: 'h1' })).toBeInTheDocument();
    expect(screen.getByText('Dynamic')).toBeInTheDocument();
    expect(screen.getByText("Present this to your customer's mobile app to scan. A new code is generated every 60 seconds.")).toBeInTheDocument();
    expect(screen.getByText('Loading QR...')).toBeInTheDocument();
    await settle();
    expect(screen.queryByText('Loading QR...')).not.toBeInTheDocument();
    const qr = screen.getByTestId('qr-code');
    expect(qr).toHaveAttribute('role', 'img');
    expect(qr).toHaveAttribute('data-size', '256');
    expect(screen.getByTestId('token-preview')).toHaveTextContent(/^dtoken1xxxxx…$/);
    expect(screen.getByTestId('token-preview').textContent).toHaveLength(13);
    expect(button('Regenerate now')).toBeEnabled();
    expect(button('Export PNG')).toBeEnabled();
  });

  it('in Arabic, the link in the code reads left to right, its "…" after the code (not before it)', async () => {
    const backToEnglish = pageLanguage('ar', ['ar']);
    try {
      renderQrPage();
      await settle();
      expect(screen.getByTestId('token-preview').closest('[dir]')).toHaveAttribute('dir', 'ltr');
    } finally {
      backToEnglish();
    }
  });

  it('reads in Spanish: title, instructions, the countdown and the buttons', async () => {
    const backToEnglish = pageLanguage('es', ['es-ES']);
    try {
      renderQrPage();
      expect(screen.getByText('Escanea este código QR', { selector: 'h1' })).toBeInTheDocument();
      expect(screen.getByText('Enséñaselo al cliente para que lo escanee con el móvil. Cada 60 segundos se genera un código nuevo.')).toBeInTheDocument();
      await settle();
      expect(screen.getByText('Se renueva en 60 s')).toBeInTheDocument();
      expect(button('Generar otro ahora')).toBeEnabled();
      expect(button('Exportar PNG')).toBeEnabled();
    } finally {
      backToEnglish();
    }
  });

  it("counts 'Refresh in N s' down as the bar moves, and shows the next token after 60 s", async () => {
    renderQrPage();
    await settle();
    expect(screen.getByTestId('refresh-label')).toHaveTextContent('Refresh in 60 s');
    await act(() => jest.advanceTimersByTimeAsync(10 * 600));
    expect(screen.getByTestId('refresh-label')).toHaveTextContent('Refresh in 54 s');
    expect(document.querySelector('[aria-valuenow]')).toHaveAttribute('aria-valuenow', '10');
    await act(() => jest.advanceTimersByTimeAsync(90 * 600));
    expect(setup.http.sent(GENERATE)).toHaveLength(2);
    expect(screen.getByTestId('refresh-label')).toHaveTextContent('Refresh in 60 s');
  });

  it("'Regenerate now' fetches a new token and restarts the countdown", async () => {
    renderQrPage();
    await settle();
    await act(() => jest.advanceTimersByTimeAsync(30 * 600));
    const before = screen.getByTestId('token-preview').textContent;
    fireEvent.click(button('Regenerate now'));
    await settle();
    expect(setup.http.sent(GENERATE)).toHaveLength(2);
    expect(screen.getByTestId('refresh-label')).toHaveTextContent('Refresh in 60 s');
    expect(screen.getByTestId('token-preview').textContent).not.toBe(before);
  });

  it('says the connection is lost and how long the code still works, covers it once expired, and recovers by itself', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderQrPage();
    await settle();
    setup.http.on(GENERATE, { status: 503, body: { error: 'Service unavailable' } });
    await act(() => jest.advanceTimersByTimeAsync(100 * 600));
    expect(screen.getByTestId('refresh-label')).toHaveTextContent('Connection lost — this code still works for 30 s');
    expect(screen.queryByText(/Refresh in/)).not.toBeInTheDocument();
    expect(screen.getByTestId('qr-code')).toHaveAttribute('data-expired', 'false');
    expect(consoleError).toHaveBeenCalledWith('Failed to load QR code', expect.anything());
    await act(() => jest.advanceTimersByTimeAsync(30_000));
    expect(screen.getByTestId('qr-code')).toHaveAttribute('data-expired', 'true');
    expect(screen.getByTestId('qr-expired')).toHaveTextContent('Code expired');
    expect(screen.getByTestId('refresh-label')).toHaveTextContent(/^Connection lost — trying again in \d+ s$/);
    setup.http.on(GENERATE, { status: 200, body: { token: 'dback', url: 'http://stampwise.test/s/dback', expiresAt: 0 } });
    await act(() => jest.advanceTimersByTimeAsync(30_000));
    expect(screen.queryByTestId('qr-expired')).not.toBeInTheDocument();
    expect(screen.getByTestId('refresh-label')).toHaveTextContent(/^Refresh in \d+ s$/);
    expect(screen.getByTestId('token-preview')).toHaveTextContent('dback');
    consoleError.mockRestore();
  });

  it("says 'Scans paused' while the server cannot reach its database, and is live again by itself within seconds of it", async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderQrPage();
    await settle();
    setup.http.on(GENERATE, { status: 503, body: { error: 'The service is briefly unavailable. Please try again in a few seconds.', reason: 'database-unavailable' } });
    await act(() => jest.advanceTimersByTimeAsync(100 * 600));
    expect(screen.getByTestId('refresh-label')).toHaveTextContent('Scans paused');
    expect(screen.getByTestId('refresh-label')).toHaveAttribute('role', 'alert');
    expect(screen.queryByText(/Connection lost/)).not.toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(60_000));
    expect(screen.getByTestId('refresh-label')).toHaveTextContent('Scans paused');
    setup.http.on(GENERATE, { status: 200, body: { token: 'pback', url: 'http://stampwise.test/s/pback', expiresAt: 0 } });
    await act(() => jest.advanceTimersByTimeAsync(5_400));
    expect(screen.getByTestId('refresh-label')).toHaveTextContent(/^Refresh in \d+ s$/);
    expect(screen.getByTestId('token-preview')).toHaveTextContent('pback');
    consoleError.mockRestore();
  });

  it("names the code's content 'Link in this code' (never 'Token') and shows where the link goes", async () => {
    renderQrPage();
    await settle();
    expect(screen.getByText('Link in this code')).toBeInTheDocument();
    expect(screen.queryByText('Token')).not.toBeInTheDocument();
    expect(screen.getByText('stampwise.test/s/')).toBeInTheDocument();
  });

  it("titles the stamp limits in plain words, not 'Stamps per code'", async () => {
    renderQrPage();
    await settle();
    expect(screen.getByText('How many stamps one code can give', { selector: 'h2' })).toBeInTheDocument();
    expect(screen.queryByText('Stamps per code')).not.toBeInTheDocument();
  });

  it('copies the full link a phone opens (not the bare token), and ignores a clipboard failure silently', async () => {
    const writeText = jest.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('denied'));
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const consoleError = jest.spyOn(console, 'error');
    renderQrPage();
    await settle();
    fireEvent.click(screen.getByLabelText('Copy link'));
    await settle();
    expect(writeText).toHaveBeenLastCalledWith(`http://stampwise.test/s/dtoken1xxxxxx.${VENDOR}.abcdef.mac`);
    fireEvent.click(screen.getByLabelText('Copy link'));
    await settle();
    expect(writeText).toHaveBeenCalledTimes(2);
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
  });

  it('leaves no timer running after the page unmounts', async () => {
    const { unmount } = renderQrPage();
    await settle();
    await act(() => jest.advanceTimersByTimeAsync(5 * 600));
    unmount();
    // RTK Query drops the vendor query's cache 60 s after its last user leaves (a one-off timer); once that
    // has run, nothing may be pending: a refresh cycle still running would always have its next tick queued.
    await act(() => jest.advanceTimersByTimeAsync(61_000));
    expect(jest.getTimerCount()).toBe(0);
    expect(setup.http.sent(GENERATE)).toHaveLength(1);
  });

  it('exports the branded flyer: printable token, rendered, captured after 300 ms at scale 2, downloaded as stampwise-flyer.png', async () => {
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push({ href: this.href, download: this.download });
    });
    const downloads: { href: string; download: string }[] = [];
    renderQrPage();
    await settle();
    fireEvent.click(button('Export PNG'));
    await settle();
    expect(setup.http.sent(PRINTABLE).map((r) => JSON.parse(String(r.body)))).toEqual([{ vendorId: VENDOR }]);
    const flyer = screen.getByTestId('flyer');
    expect(within(flyer).getByText('Unlock Your Rewards')).toBeInTheDocument();
    expect(within(flyer).getByText('Scan the QR code to collect points and redeem offers!')).toBeInTheDocument();
    expect(within(flyer).getByText('Corner Café')).toBeInTheDocument();
    expect(within(flyer).getByAltText('Corner Café logo')).toHaveAttribute('src', '/api/images/abc');
    // Shown at 360 px (drawn at twice that, for the scale-2 capture).
    const flyerQr = flyer.querySelector('canvas') as HTMLCanvasElement;
    expect([flyerQr.style.width, flyerQr.style.height]).toEqual(['360px', '360px']);

    await act(() => jest.advanceTimersByTimeAsync(299));
    expect(html2canvas).not.toHaveBeenCalled();
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(html2canvas).toHaveBeenCalledWith(flyer, expect.objectContaining({ scale: 2 }));
    expect(downloads).toEqual([{ href: 'data:image/png;base64,Zmx5ZXI=', download: 'stampwise-flyer.png' }]);
    // The flyer leaves the page once captured.
    expect(screen.queryByTestId('flyer')).not.toBeInTheDocument();
    click.mockRestore();
  });

  it('logs a failed export to the console only', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    setup.http.on(PRINTABLE, { status: 500, body: { error: 'nope' } });
    renderQrPage();
    await settle();
    fireEvent.click(button('Export PNG'));
    await act(() => jest.advanceTimersByTimeAsync(400));
    expect(consoleError).toHaveBeenCalledWith('Failed to export flyer', expect.anything());
    expect(html2canvas).not.toHaveBeenCalled();
    expect(document.querySelector('[role="alert"]')).toBeNull();
    consoleError.mockRestore();
  });
});

describe('clampQrSize', () => {
  it.each([
    [0, 256],
    [100, 160],
    [160, 160],
    [300, 300],
    [480, 480],
    [1200, 480],
  ])('a container %i px wide gives a %i px QR', (width, size) => {
    expect(clampQrSize(width)).toBe(size);
  });
});
