// Login failure lockout (SPEC.md §4): placeholder until the login feature lands.
import { createSlice } from '@reduxjs/toolkit';

export interface LockoutState {
  status: 'idle';
}

const initialState: LockoutState = { status: 'idle' };

export const lockoutSlice = createSlice({ name: 'lockout', initialState, reducers: {} });
