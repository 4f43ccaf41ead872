// /api/vendor/{vendorId}: the store profile and its menu, each call for its owner only.
import { Type, type Static } from '@fastify/type-provider-typebox';
import { CURRENCY_FIELD_MAX_LENGTH, TIME_ZONE_FIELD_MAX_LENGTH, ITEM_NAME_FIELD_MAX_LENGTH, ITEM_PRICE_FIELD_MAX_LENGTH, PROFILE_FIELD_MAX_LENGTH } from './limits';
import { Id } from './common';
import { MultilineText, Text } from './text';

export const VendorProfile = Type.Object({
  company: Type.String(),
  address: Type.String(),
  open_hours: Type.String(),
  website: Type.String(),
  logo: Type.Union([Type.String({ description: 'URL of the logo, /api/images/<sha256>' }), Type.Null()]),
  /** Uploaded as `cover`, read back as `banner`. */
  banner: Type.Union([Type.String({ description: 'URL of the cover image, /api/images/<sha256>' }), Type.Null()]),
  currency: Type.String({ description: "The store's currency, an ISO 4217 code (at sign-up the one of the registering browser's region, else 'USD', until the owner chooses one); prices are shown in it" }),
  timeZone: Type.Union([Type.String(), Type.Null()], {
    description: "The store's IANA time zone ('Europe/Paris'): campaign messages keep its night (21:00–08:00) quiet and its days count campaign periods. Null until Store Settings is first saved (UTC meanwhile).",
  }),
  settingsChangedBy: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: "who last saved the store's settings (a team member's name or a counter screen's); null before anyone did" })),
});
export type VendorProfile = Static<typeof VendorProfile>;

export const MenuItem = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  /** Price in the store's currency (e.g. 4.2), or '' when the item has no price (number or empty). */
  price: Type.Union([Type.Number({ description: "in the store's currency" }), Type.Literal('')]),
  /** Set on items a menu scan added: the upload that added them (remove-upload takes it back). */
  uploadId: Type.Optional(Type.String({ description: 'the menu upload that added this item' })),
});
export type MenuItemDto = Static<typeof MenuItem>;

export const VendorResponse = Type.Object({ vendor: VendorProfile, items: Type.Array(MenuItem) });
export type VendorResponse = Static<typeof VendorResponse>;

/** Multipart file fields arrive as Buffers, which JSON schema cannot describe; checked in the service. */
const FileField = (description: string) => Type.Optional(Type.Unsafe<Buffer | string>({ description }));

/** POST /api/vendor/{vendorId} (multipart): the texts are checked in words by the service (1–200 characters). */
export const SaveProfileRequest = Type.Object({
  company: Type.Optional(Text({ maxLength: PROFILE_FIELD_MAX_LENGTH, description: '1–200 characters' })),
  address: Type.Optional(MultilineText({ maxLength: PROFILE_FIELD_MAX_LENGTH, description: '1–200 characters' })),
  open_hours: Type.Optional(MultilineText({ maxLength: PROFILE_FIELD_MAX_LENGTH, description: '1–200 characters' })),
  website: Type.Optional(Text({ maxLength: PROFILE_FIELD_MAX_LENGTH, description: 'optional; http(s) address or a bare domain' })),
  currency: Type.Optional(Text({ maxLength: CURRENCY_FIELD_MAX_LENGTH, description: "optional; an ISO 4217 code such as EUR (left out: unchanged)" })),
  timeZone: Type.Optional(Text({ maxLength: TIME_ZONE_FIELD_MAX_LENGTH, description: "optional; an IANA time zone such as Europe/Paris or UTC (left out: unchanged)" })),
  logo: FileField('PNG, JPEG or WebP image, at most 5 MB'),
  cover: FileField('PNG, JPEG or WebP image, at most 5 MB; read back as `banner`'),
});
export const SaveProfileResponse = Type.Object({ vendor: VendorProfile });
export type SaveProfileResponse = Static<typeof SaveProfileResponse>;

export const AddItemRequest = Type.Object({
  // Multi-line allowed: the service folds every run of whitespace into one space.
  itemName: Type.Optional(MultilineText({ maxLength: ITEM_NAME_FIELD_MAX_LENGTH, description: '1–120 characters after trimming' })),
  itemPrice: Type.Optional(Type.Union([Text({ maxLength: ITEM_PRICE_FIELD_MAX_LENGTH }), Type.Number(), Type.Null()], {
    description: "in the store's currency, ≥ 0 with at most 2 decimals; '' or null for no price",
  })),
});
export type AddItemRequest = Static<typeof AddItemRequest>;
export const AddItemResponse = Type.Object({ item: MenuItem });
export type AddItemResponse = Static<typeof AddItemResponse>;

export const DeleteItemRequest = Type.Object({ itemId: Id });
export type DeleteItemRequest = Static<typeof DeleteItemRequest>;
export const DeleteItemResponse = Type.Object({ ok: Type.Literal(true) });

export const UploadMenuRequest = Type.Object({ menu: FileField('PDF, PNG or JPEG file, at most 10 MB') });
export const UploadMenuResponse = Type.Object({
  newItems: Type.Array(MenuItem),
  /** Identifies this upload's items (each carries it as `uploadId`). */
  uploadId: Type.String(),
  alreadyOnMenu: Type.Optional(Type.Integer({ minimum: 0, description: 'Items the scan found that the menu already had (same name), so were not added again' })),
});
export type UploadMenuResponse = Static<typeof UploadMenuResponse>;

export const RemoveUploadRequest = Type.Object({ uploadId: Id });
export type RemoveUploadRequest = Static<typeof RemoveUploadRequest>;
export const RemoveUploadResponse = Type.Object({ removed: Type.Integer() });
export type RemoveUploadResponse = Static<typeof RemoveUploadResponse>;

/** POST /api/vendor/{vendorId}/update-item: a field left out keeps its value; `itemPrice` '' or null clears the price. */
export const UpdateItemRequest = Type.Object({
  itemId: Id,
  itemName: Type.Optional(MultilineText({ maxLength: ITEM_NAME_FIELD_MAX_LENGTH, description: '1–120 characters after trimming' })),
  itemPrice: Type.Optional(Type.Union([Text({ maxLength: ITEM_PRICE_FIELD_MAX_LENGTH }), Type.Number(), Type.Null()], {
    description: "dollars ≥ 0 with at most 2 decimals; '' or null for no price",
  })),
});
export type UpdateItemRequest = Static<typeof UpdateItemRequest>;
export const UpdateItemResponse = Type.Object({ item: MenuItem });
export type UpdateItemResponse = Static<typeof UpdateItemResponse>;

/** `/:vendorId/menu-scans/:uploadId…` routes. */
export const MenuScanParams = Type.Object({ vendorId: Id, uploadId: Id });
export const MenuScanPageParams = Type.Object({ vendorId: Id, uploadId: Id, page: Type.Integer({ minimum: 0, maximum: 99 }) });

/** Fractions (0–1) of the page picture's width and height. */
export const MenuItemRegion = Type.Object({
  itemId: Type.String(),
  page: Type.Integer({ minimum: 0 }),
  x: Type.Number({ minimum: 0, maximum: 1 }),
  y: Type.Number({ minimum: 0, maximum: 1 }),
  width: Type.Number({ minimum: 0, maximum: 1 }),
  height: Type.Number({ minimum: 0, maximum: 1 }),
});
export type MenuItemRegion = Static<typeof MenuItemRegion>;

/**
 * GET /api/vendor/{vendorId}/menu-scans/{uploadId}: the pictures of a scanned menu's pages (each at
 * `/api/vendor/{vendorId}/menu-scans/{uploadId}/pages/{page}`, a JPEG) and where on them each item the scan
 * added, and which is still on the menu, was read. A PDF's text layer has no picture: `pages` is empty.
 */
export const MenuScanReviewResponse = Type.Object({
  uploadId: Type.String(),
  pages: Type.Array(Type.Object({ page: Type.Integer({ minimum: 0 }), width: Type.Integer(), height: Type.Integer() })),
  regions: Type.Array(MenuItemRegion),
});
export type MenuScanReviewResponse = Static<typeof MenuScanReviewResponse>;

export const MenuScanPageBytes = Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'JPEG bytes' });
