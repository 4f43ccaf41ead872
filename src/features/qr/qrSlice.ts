// QR refresh cycle (SPEC.md §4): placeholder until the QR feature lands.
import { createSlice } from '@reduxjs/toolkit';

export interface QrState {
  status: 'idle';
}

const initialState: QrState = { status: 'idle' };

export const qrSlice = createSlice({ name: 'qr', initialState, reducers: {} });
