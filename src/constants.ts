// Every user-visible text, default and limit of SPEC.md in one place (SPEC.md §9).
// Features add their own section here rather than scattering literals through components.

export const TOKEN_STORAGE_KEY = 'token';

export const ROUTES = {
  login: '/login',
  register: '/register',
  verify: (token: string) => `/verify/${encodeURIComponent(token)}`,
  dashboard: (id: string) => `/dashboard/${id}`,
  rewards: (id: string) => `/rewards/${id}`,
  qrCode: (id: string) => `/qr-code/${id}`,
  campaigns: (id: string) => `/campaigns/${id}`,
  help: (id: string) => `/help/${id}`,
} as const;

export const APP_NAME = 'Stampwise';

export const ROUTE_ERROR_TITLE = 'Unexpected Application Error!';
