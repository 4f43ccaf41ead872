// Menu upload state machine (SPEC.md §4): placeholder until the store-settings feature lands.
import { createSlice } from '@reduxjs/toolkit';

export interface MenuUploadState {
  status: 'idle';
}

const initialState: MenuUploadState = { status: 'idle' };

export const menuUploadSlice = createSlice({ name: 'menuUpload', initialState, reducers: {} });
