// Counter-screen endpoints (/api/counter, /api/team/{vendorId}/devices), added to the one api slice.
import { api } from '../../../api/apiSlice';
import type { CounterDevice, CounterDeviceList, CounterDeviceResponse, PairDeviceRequest, PairDeviceResponse, PairingCodeResponse } from '../../../api/contract/counter';

export const counterApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/counter/pair: this browser becomes a counter screen of the store whose code it was. */
    pairCounterDevice: build.mutation<PairDeviceResponse, PairDeviceRequest>({
      query: (body) => ({ url: '/counter/pair', method: 'POST', body }),
    }),
    /** GET /api/counter/me (device token): the store's name and logo for the screen's header. */
    getCounterStore: build.query<CounterDeviceResponse, string>({
      query: () => ({ url: '/counter/me' }),
    }),
    listCounterDevices: build.query<CounterDeviceList, string>({
      query: (vendorId) => ({ url: `/team/${encodeURIComponent(vendorId)}/devices` }),
      providesTags: (_result, _error, vendorId) => [{ type: 'CounterDevices', id: vendorId }],
    }),
    createPairingCode: build.mutation<PairingCodeResponse, string>({
      query: (vendorId) => ({ url: `/team/${encodeURIComponent(vendorId)}/devices`, method: 'POST' }),
    }),
    renameCounterDevice: build.mutation<CounterDevice, { vendorId: string; deviceId: string; name: string }>({
      query: ({ vendorId, deviceId, name }) => ({ url: `/team/${encodeURIComponent(vendorId)}/devices/${encodeURIComponent(deviceId)}`, method: 'PATCH', body: { name } }),
      invalidatesTags: (_result, _error, { vendorId }) => [{ type: 'CounterDevices', id: vendorId }],
    }),
    removeCounterDevice: build.mutation<null, { vendorId: string; deviceId: string }>({
      query: ({ vendorId, deviceId }) => ({ url: `/team/${encodeURIComponent(vendorId)}/devices/${encodeURIComponent(deviceId)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { vendorId }) => [{ type: 'CounterDevices', id: vendorId }],
    }),
  }),
});

export const {
  usePairCounterDeviceMutation, useGetCounterStoreQuery, useListCounterDevicesQuery, useCreatePairingCodeMutation,
  useRenameCounterDeviceMutation, useRemoveCounterDeviceMutation,
} = counterApi;
