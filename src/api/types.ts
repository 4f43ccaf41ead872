// Wire types shared by the SPA and the API server (request and response shapes of SPEC.md §7).
// Both sides import from here; nothing else is shared between src/ and server/.

/** Every error response: `{ error }` with a human message; `details` on 400s say which field. */
export interface ApiError {
  error: string;
  details?: { field: string; message: string }[];
}

// ---- /api/auth ----
export interface LoginRequest {
  email: string;
  password: string;
}
export interface LoginResponse {
  token: string;
  vendor: { _id: string };
}
/** GET /api/auth/verify/{token}: ok false = expired (a new mail was sent); ok true = verified. */
export interface VerifyResponse {
  ok: boolean;
  vendorId?: string;
  error?: string;
}
export interface CompleteRegistrationRequest {
  vendorId: string;
  password: string;
}
export interface CompleteRegistrationResponse {
  token: string;
  vendorId: string;
  error?: string;
}
/** POST /api/auth/register is multipart: these text fields plus an optional `menu` file (png/jpeg). */
export interface RegisterFields {
  name: string;
  business: string;
  email: string;
  address: string;
  openingHours: string;
  website: string;
}

// ---- /api/vendor ----
export interface VendorProfile {
  company: string;
  address: string;
  open_hours: string;
  website: string;
  /** URL of the logo image (content-addressed, cacheable), or null. */
  logo: string | null;
  /** URL of the cover image, or null. Uploaded as `cover`, read back as `banner` (SPEC.md §7). */
  banner: string | null;
}
export interface MenuItemDto {
  _id: string;
  name: string;
  /** Price in dollars (e.g. 4.2), or '' when the item has no price (SPEC.md §3: number or empty). */
  price: number | '';
}
export interface VendorResponse {
  vendor: VendorProfile;
  items: MenuItemDto[];
}
export interface UploadMenuResponse {
  newItems: MenuItemDto[];
}
export interface AddItemRequest {
  itemName: string;
  itemPrice: string | number | '';
}
export interface AddItemResponse {
  item: MenuItemDto;
}
export interface DeleteItemRequest {
  itemId: string;
}

// ---- /api/rewards ----
export interface RewardSetup {
  stamps: number;
  item: string | null;
  itemCustom: string | null;
  /** YYYY-MM-DD */
  expiry: string;
}
export interface RewardResponse {
  reward: RewardSetup;
  items: { _id: string; name: string }[];
}

// ---- /api/qrcode ----
export interface QrTokenResponse {
  token: string;
  /** PUBLIC_URL/s/<token>: what the QR image encodes, so a phone camera opens the customer page. */
  url: string;
  /** Epoch milliseconds after which the token no longer stamps. */
  expiresAt: number;
}
export interface PrintableQrRequest {
  vendorId: string;
  /** true: replace the printable token, so flyers printed before stop working. */
  renew?: boolean;
}
export interface PrintableQrResponse {
  token: string;
  url: string;
}
