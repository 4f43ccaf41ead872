// The ONE RTK Query api slice; features add endpoints with injectEndpoints. The bearer header is attached here only.
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

interface StateWithToken {
  session: { token: string | null };
}

export const api = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({
    baseUrl: '/api',
    prepareHeaders: (headers, { getState }) => {
      const token = (getState() as StateWithToken).session.token;
      if (token) headers.set('Authorization', `Bearer ${token}`);
      return headers;
    },
  }),
  tagTypes: ['Vendor', 'Items', 'Reward', 'Qr', 'Activity', 'Dashboard', 'Card', 'FirstDay', 'RelayAlerts', 'RewardSettings'],
  endpoints: () => ({}),
});
