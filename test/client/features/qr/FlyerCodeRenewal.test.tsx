// Renewing the flyer code on the QR page: a confirmation first, then POST /api/qrcode/printable with renew: true,
// the new flyer QR on the page and a download of the new flyer; cancelling sends nothing; a failure is shown.
import { act, fireEvent, screen } from '@testing-library/react';
import type { SentRequest } from '../../support/fakeHttp';
import { sessionTokenFor } from '../../support/tokens';
import { GENERATE, PRINTABLE, VENDOR, button, cornerCafe, mockedHtml2canvas, renderQrPage, withQrPageSetup } from './qrPageSetup';

jest.mock('html2canvas', () => ({
  __esModule: true,
  default: jest.fn(async () => ({ toDataURL: () => 'data:image/png;base64,Zmx5ZXI=' })),
}));
const html2canvas = mockedHtml2canvas();

// A cold antd render takes seconds on a busy 2-core machine.
jest.setTimeout(30_000);

const CONFIRM_TITLE = 'Renew your flyer code?';

/** The flyer code's version on the fake server: renewing bumps it, like the real one. */
let version: number;

const printableBody = () => {
  const token = `p${version}.${VENDOR}.mac`;
  return { token, url: `http://stampwise.test/s/${token}` };
};

const setup = withQrPageSetup((http) => {
  version = 1;
  http.on(GENERATE, { status: 200, body: { token: `dtoken.${VENDOR}.x.mac`, url: 'http://stampwise.test/s/d', expiresAt: 0 } });
  http.on(`GET /api/vendor/${VENDOR}`, { status: 200, body: cornerCafe(null) });
  http.on(PRINTABLE, (request) => {
    if ((JSON.parse(String(request.body)) as { renew?: boolean }).renew === true) version += 1;
    return { status: 200, body: printableBody() };
  });
});

// Enough for antd's dialog and message animations to finish.
const settle = (ms = 0) => act(() => jest.advanceTimersByTimeAsync(ms));
const bodyOf = (request: SentRequest) => JSON.parse(String(request.body)) as unknown;
/** The confirmation dialog, while it is shown (antd keeps a closed one in the page, hidden). */
const openDialog = () => {
  const dialog = screen.queryByText(CONFIRM_TITLE)?.closest<HTMLElement>('.ant-modal-wrap');
  return dialog && dialog.style.display !== 'none' ? dialog : null;
};

async function openConfirmation() {
  renderQrPage();
  await settle();
  fireEvent.click(button('Renew flyer code'));
  await settle(500);
}

describe('Renew flyer code', () => {
  it('asks first, explaining that printed flyers stop working, and sends nothing until confirmed', async () => {
    await openConfirmation();
    const dialog = openDialog();
    expect(dialog).not.toBeNull();
    expect(dialog).toHaveTextContent(
      'Flyers you printed before stop working at once: customers who scan them no longer get a stamp. Afterwards, download and print the new flyer.',
    );
    expect(dialog?.querySelector('[role="dialog"]')).toHaveAttribute('aria-modal', 'true');
    expect(setup.http.sent(PRINTABLE)).toHaveLength(0);
  });

  it('confirmed: one request with renew: true, then the new flyer QR and its code are shown with a success message', async () => {
    await openConfirmation();
    expect(screen.queryByTestId('flyer-qr')).not.toBeInTheDocument();

    fireEvent.click(button('Renew code'));
    await settle(500);

    expect(setup.http.sent(PRINTABLE).map(bodyOf)).toEqual([{ vendorId: VENDOR, renew: true }]);
    expect(setup.http.sent(PRINTABLE)[0].headers.get('authorization')).toBe(`Bearer ${sessionTokenFor(VENDOR)}`);
    expect(screen.getByTestId('flyer-qr')).toHaveAttribute('aria-label', 'QR code of your new flyer');
    expect(screen.getByTestId('flyer-token-preview')).toHaveTextContent(/^p2\.vendor-1\.…$/);
    // A code reads left to right in every language (in Arabic its "…" went before it).
    expect(screen.getByTestId('flyer-token-preview')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByText('Flyer code renewed. Download and print the new flyer.')).toBeInTheDocument();
    expect(openDialog()).toBeNull();
  });

  it('renewing again shows the next code', async () => {
    await openConfirmation();
    fireEvent.click(button('Renew code'));
    await settle(500);
    fireEvent.click(button('Renew flyer code'));
    await settle(500);
    fireEvent.click(button('Renew code'));
    await settle(500);
    expect(setup.http.sent(PRINTABLE).map(bodyOf)).toEqual([
      { vendorId: VENDOR, renew: true },
      { vendorId: VENDOR, renew: true },
    ]);
    expect(screen.getByTestId('flyer-token-preview')).toHaveTextContent(/^p3\.vendor-1\.…$/);
  });

  it("'Keep current code' closes the dialog and sends nothing", async () => {
    await openConfirmation();
    fireEvent.click(button('Keep current code'));
    await settle(500);
    expect(openDialog()).toBeNull();
    expect(setup.http.sent(PRINTABLE)).toHaveLength(0);
    expect(screen.queryByTestId('flyer-qr')).not.toBeInTheDocument();
    expect(version).toBe(1);
  });

  it('a failed renewal shows an error, keeps no new code on the page and logs the cause', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    setup.http.on(PRINTABLE, { status: 500, body: { error: 'Internal Server Error' } });
    await openConfirmation();
    fireEvent.click(button('Renew code'));
    await settle(500);

    expect(screen.getByText('Could not renew the flyer code. Your current flyers still work; please try again.')).toBeInTheDocument();
    expect(screen.queryByTestId('flyer-qr')).not.toBeInTheDocument();
    expect(screen.queryByText('Flyer code renewed. Download and print the new flyer.')).not.toBeInTheDocument();
    expect(openDialog()).toBeNull();
    expect(consoleError).toHaveBeenCalledWith('Failed to renew the flyer code', expect.anything());
    consoleError.mockRestore();
  });

  it("'Download new flyer' exports the flyer with the renewed code", async () => {
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await openConfirmation();
    fireEvent.click(button('Renew code'));
    await settle(500);

    fireEvent.click(button('Download new flyer'));
    await settle();
    // The export asks for the current code (no renew), which is the renewed one.
    expect(setup.http.sent(PRINTABLE).map(bodyOf)).toEqual([{ vendorId: VENDOR, renew: true }, { vendorId: VENDOR }]);
    await settle(300);
    expect(html2canvas).toHaveBeenCalledTimes(1);
    expect(click).toHaveBeenCalledTimes(1);
    click.mockRestore();
  });
});
