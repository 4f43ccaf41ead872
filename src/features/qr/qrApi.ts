// QR endpoints (/api/qrcode), added to the one api slice.
import { api } from '../../api/apiSlice';
import type { PrintableQrRequest, PrintableQrResponse, QrTokenResponse } from '../../api/contract/qrcode';

export const qrApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /api/qrcode/generate/{vendorId} (bearer): a fresh 90-second token. A mutation, not a query: every
     * call must reach the server (never a cached token), and an untracked mutation leaves no cache-expiry
     * timer behind when the QR page closes.
     */
    generateQrToken: build.mutation<QrTokenResponse, string | { vendorId: string; count: number }>({
      // Per-item stamp mode: ?count= asks for a code that gives that many stamps (the server signs it in).
      query: (arg) =>
        typeof arg === 'string'
          ? { url: `/qrcode/generate/${encodeURIComponent(arg)}`, method: 'GET' }
          : { url: `/qrcode/generate/${encodeURIComponent(arg.vendorId)}`, method: 'GET', params: { count: arg.count } },
    }),
    /** POST /api/qrcode/printable (bearer): the long-lived flyer token; renew: true retires older flyers. */
    getPrintableQr: build.mutation<PrintableQrResponse, PrintableQrRequest>({
      query: (body) => ({ url: '/qrcode/printable', method: 'POST', body }),
    }),
    /**
     * POST /api/qrcode/printable {vendorId, renew: true} (bearer): a new flyer token; flyers printed with the
     * old one stop working. Its own endpoint, so the renewal can never be sent by accident from the export.
     */
    renewPrintableQr: build.mutation<PrintableQrResponse, string>({
      query: (vendorId) => ({ url: '/qrcode/printable', method: 'POST', body: { vendorId, renew: true } satisfies PrintableQrRequest }),
    }),
  }),
});

export const { useGetPrintableQrMutation, useRenewPrintableQrMutation } = qrApi;
