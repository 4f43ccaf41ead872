// After a redeploy a failed chunk load reloads the app once by itself, and otherwise offers
// "A new version is available — Reload"; every route change starts at the top of the page.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router-dom';
import { RouteErrorScreen } from '../../../src/app/RouteErrorScreen';
import { AppFrame } from '../../../src/app/ScrollToTop';
import { CHUNK_RELOAD_STORAGE_KEY, isChunkLoadError, reloadOnceForNewVersion } from '../../../src/app/chunkReload';

jest.setTimeout(30_000);

function chunkError(): Error {
  const error = new Error('Loading chunk 19 failed.\n(error: http://localhost:3000/static/js/19.abc.js)');
  error.name = 'ChunkLoadError';
  return error;
}

/** A route table whose page chunk is gone (what a tab of the previous build meets). */
function renderMissingChunk() {
  const router = createMemoryRouter(
    [{ path: '/', errorElement: <RouteErrorScreen />, lazy: async () => Promise.reject(chunkError()) }],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
}

let reload: jest.Mock;
const originalLocation = window.location;
beforeEach(() => {
  sessionStorage.clear();
  reload = jest.fn();
  Object.defineProperty(window, 'location', { configurable: true, value: { ...originalLocation, reload } });
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  Object.defineProperty(window, 'location', { configurable: true, value: originalLocation });
  jest.restoreAllMocks();
});

describe('a failed chunk load', () => {
  test('reloads the app once by itself, saying the new version is loading', async () => {
    renderMissingChunk();
    expect(await screen.findByText('Loading the new version…')).toBeInTheDocument();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(CHUNK_RELOAD_STORAGE_KEY)).toMatch(/^\d+$/);
    expect(screen.queryByText('Back to sign in')).not.toBeInTheDocument();
  });

  test('when it fails again right after the reload: "A new version is available" with a Reload button, no loop', async () => {
    sessionStorage.setItem(CHUNK_RELOAD_STORAGE_KEY, String(Date.now() - 10_000));
    renderMissingChunk();
    expect(await screen.findByText('A new version is available')).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  test('reloads by itself again once the last automatic reload is five minutes old', () => {
    const now = 1_000_000_000;
    sessionStorage.setItem(CHUNK_RELOAD_STORAGE_KEY, String(now - 5 * 60_000));
    expect(reloadOnceForNewVersion(now, sessionStorage, reload)).toBe(true);
    expect(reloadOnceForNewVersion(now + 1000, sessionStorage, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  test('recognises webpack and browser wordings, and nothing else', () => {
    expect(isChunkLoadError(chunkError())).toBe(true);
    expect(isChunkLoadError(new Error('Loading CSS chunk 7 failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/a.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Kaboom in the menu list'))).toBe(false);
    expect(isChunkLoadError('Loading chunk 1 failed')).toBe(false);
  });
});

describe('navigation', () => {
  test('every route change starts at the top of the page', async () => {
    const scrollTo = jest.fn();
    window.scrollTo = scrollTo as typeof window.scrollTo;
    const router = createMemoryRouter(
      [{ Component: AppFrame, children: [
        { path: '/dashboard', element: <Link to="/qr-code">QR Code</Link> },
        { path: '/qr-code', element: <p>QR page</p> },
      ] }],
      { initialEntries: ['/dashboard'] },
    );
    render(<RouterProvider router={router} />);
    scrollTo.mockClear();
    await act(async () => {
      fireEvent.click(await screen.findByText('QR Code'));
    });
    expect(await screen.findByText('QR page')).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});
