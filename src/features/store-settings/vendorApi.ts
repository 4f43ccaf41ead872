// Vendor profile and menu endpoints (/api/vendor): load, save profile, add/delete item, upload menu.
import { api } from '../../api/apiSlice';
import type {
  AddItemRequest,
  AddItemResponse,
  DeleteItemRequest,
  MenuItemDto,
  MenuScanReviewResponse,
  UpdateItemRequest,
  UpdateItemResponse,
  UploadMenuResponse,
  VendorResponse,
} from '../../api/contract/vendor';
import { dataUrlOf } from '../../lib/dataUrl';
import { MENU_ITEM_RULES } from '../../constants';
import { selectToken, type SessionState } from '../session/sessionSlice';
import { menuScanFailureOf, uploadProgressed, scanFailed, scanStarted, scanSucceeded, uploadUndone } from './menuUploadSlice';
import { postFormWithProgress } from './postFormWithProgress';

/** Same base as the api slice's fetchBaseQuery; the XHR upload cannot go through it. */
const API_BASE = '/api';

const vendorPath = (vendorId: string) => `/vendor/${encodeURIComponent(vendorId)}`;

export interface UpdateVendorArgs {
  vendorId: string;
  company: string;
  address: string;
  open_hours: string;
  website: string;
  /** ISO 4217 code of the store's currency. */
  currency: string;
  /** IANA name of the store's time zone. */
  timeZone: string;
  /** A newly chosen logo; omitted = keep the current one. */
  logo?: File | null;
  /** A newly chosen cover image; sent as `cover` although it is read back as `banner`. */
  cover?: File | null;
}

/** What the Add item form sends: always both fields (the wire also takes them absent, or a null price). */
export interface AddItemArgs extends Required<Pick<AddItemRequest, 'itemName'>> {
  vendorId: string;
  itemPrice: string | number | '';
}

export interface DeleteItemArgs {
  vendorId: string;
  itemId: string;
}

export interface RemoveUploadArgs {
  vendorId: string;
  uploadId: string;
}

/** A correction: a field left out keeps its value; `itemPrice` '' clears the price. */
export interface UpdateItemArgs {
  vendorId: string;
  itemId: string;
  itemName?: string;
  itemPrice?: number | '';
}

export interface MenuScanArgs {
  vendorId: string;
  uploadId: string;
}

export interface MenuScanPictureArgs extends MenuScanArgs {
  page: number;
}

const menuScanPath = ({ vendorId, uploadId }: MenuScanArgs) => `${vendorPath(vendorId)}/menu-scans/${encodeURIComponent(uploadId)}`;

export interface UploadMenuArgs {
  vendorId: string;
  file: File;
}

/** The multipart body of POST /api/vendor/{id}; files only when the vendor chose new ones. */
export function buildVendorForm({ company, address, open_hours, website, currency, timeZone, logo, cover }: UpdateVendorArgs): FormData {
  const form = new FormData();
  form.append('company', company);
  form.append('address', address);
  form.append('open_hours', open_hours);
  form.append('website', website);
  form.append('currency', currency);
  form.append('timeZone', timeZone);
  if (logo) form.append('logo', logo, logo.name);
  if (cover) form.append('cover', cover, cover.name);
  return form;
}

/** A temporary id for an optimistic item, made from the current time, unique in the list. */
export function temporaryItemId(items: readonly MenuItemDto[], nowMs: number = Date.now()): string {
  const base = `${MENU_ITEM_RULES.tempIdPrefix}${nowMs}`;
  let id = base;
  for (let n = 2; items.some((item) => item._id === id); n += 1) id = `${base}-${n}`;
  return id;
}

export const isTemporaryItemId = (id: string) => id.startsWith(MENU_ITEM_RULES.tempIdPrefix);

export const vendorApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/vendor/{vendorId} (bearer): profile and menu items. */
    getVendor: build.query<VendorResponse, string>({
      query: (vendorId) => vendorPath(vendorId),
      providesTags: (_result, _error, vendorId) => [
        { type: 'Vendor', id: vendorId },
        { type: 'Items', id: vendorId },
      ],
    }),

    /** POST /api/vendor/{vendorId} (bearer, multipart): saves the profile; only success is checked. */
    updateVendor: build.mutation<unknown, UpdateVendorArgs>({
      query: (args) => ({ url: vendorPath(args.vendorId), method: 'POST', body: buildVendorForm(args) }),
      // The nav bar shows the saved name and logo: refetch whatever shows this vendor.
      invalidatesTags: (_result, error, { vendorId }) => (error ? [] : [{ type: 'Vendor', id: vendorId }]),
    }),

    /**
     * POST /api/vendor/{vendorId}/add-item (bearer, JSON {itemName, itemPrice}). The item shows at
     * once under a temporary id; on success it takes the server's id so it can be deleted later.
     * A failure is only logged and the item stays (no rollback).
     */
    addItem: build.mutation<AddItemResponse, AddItemArgs>({
      query: ({ vendorId, itemName, itemPrice }) => ({
        url: `${vendorPath(vendorId)}/add-item`,
        method: 'POST',
        body: { itemName, itemPrice } satisfies AddItemRequest,
      }),
      async onQueryStarted({ vendorId, itemName, itemPrice }, { dispatch, queryFulfilled }) {
        // Filled in by the cache recipes below (they run synchronously inside dispatch).
        const optimistic = { tempId: '', deletedMeanwhile: false };
        dispatch(
          vendorApi.util.updateQueryData('getVendor', vendorId, (draft) => {
            optimistic.tempId = temporaryItemId(draft.items);
            draft.items.push({ _id: optimistic.tempId, name: itemName, price: itemPrice === '' ? '' : Number(itemPrice) });
          }),
        );
        try {
          const { data } = await queryFulfilled;
          const saved = data?.item;
          if (!saved || !optimistic.tempId) return;
          dispatch(
            vendorApi.util.updateQueryData('getVendor', vendorId, (draft) => {
              const index = draft.items.findIndex((item) => item._id === optimistic.tempId);
              if (index === -1) optimistic.deletedMeanwhile = true;
              else draft.items[index] = saved;
            }),
          );
          // The vendor deleted the item before the server had answered: delete the saved one too.
          if (optimistic.deletedMeanwhile) dispatch(vendorApi.endpoints.deleteItem.initiate({ vendorId, itemId: saved._id }));
          else dispatch(api.util.invalidateTags(['Reward']));
        } catch (error) {
          console.error('Failed to add item', error);
        }
      },
    }),

    /**
     * POST /api/vendor/{vendorId}/delete-item (bearer, JSON {itemId}); removed at once, never put back.
     * An item still under its temporary id was never saved, so the server is not asked about it
     * (addItem deletes the saved copy when its answer arrives).
     */
    deleteItem: build.mutation<unknown, DeleteItemArgs>({
      queryFn: ({ vendorId, itemId }, _api, _extra, baseQuery) =>
        isTemporaryItemId(itemId)
          ? { data: null }
          : baseQuery({ url: `${vendorPath(vendorId)}/delete-item`, method: 'POST', body: { itemId } satisfies DeleteItemRequest }),
      async onQueryStarted({ vendorId, itemId }, { dispatch, queryFulfilled }) {
        dispatch(
          vendorApi.util.updateQueryData('getVendor', vendorId, (draft) => {
            draft.items = draft.items.filter((item) => item._id !== itemId);
          }),
        );
        // The reward form lists menu items too; it must not offer the deleted one.
        try {
          await queryFulfilled;
          dispatch(api.util.invalidateTags(['Reward']));
        } catch (error) {
          console.error('Failed to delete item', error);
        }
      },
    }),

    /**
     * POST /api/vendor/{vendorId}/upload-menu (bearer, multipart `menu`) → { newItems }. Sent with
     * XHR so the dialog can show upload progress; drives the menuUpload state machine and adds the
     * new items to the list.
     */
    uploadMenu: build.mutation<UploadMenuResponse, UploadMenuArgs>({
      queryFn: ({ vendorId, file }, { getState, dispatch, signal }) => {
        const form = new FormData();
        form.append('menu', file, file.name);
        return postFormWithProgress<UploadMenuResponse>({
          url: `${API_BASE}${vendorPath(vendorId)}/upload-menu`,
          form,
          // getState is typed unknown for injected endpoints; the store always has the session slice.
          token: selectToken(getState() as { session: SessionState }),
          onProgress: (percent) => dispatch(uploadProgressed(percent)),
          signal,
        });
      },
      async onQueryStarted({ vendorId, file }, { dispatch, queryFulfilled }) {
        dispatch(scanStarted({ fileName: file.name }));
        try {
          const { data } = await queryFulfilled;
          const newItems = Array.isArray(data?.newItems) ? data.newItems : [];
          dispatch(
            vendorApi.util.updateQueryData('getVendor', vendorId, (draft) => {
              const known = new Set(draft.items.map((item) => item._id));
              for (const item of newItems) if (!known.has(item._id)) draft.items.push(item);
            }),
          );
          const uploadId = typeof data?.uploadId === 'string' ? data.uploadId : undefined;
          const alreadyOnMenu = typeof data?.alreadyOnMenu === 'number' && data.alreadyOnMenu > 0 ? data.alreadyOnMenu : undefined;
          dispatch(scanSucceeded(alreadyOnMenu ? { addedCount: newItems.length, uploadId, alreadyOnMenu } : { addedCount: newItems.length, uploadId }));
          if (newItems.length > 0) dispatch(api.util.invalidateTags(['Reward']));
        } catch (error) {
          console.error('Menu upload failed', error);
          // queryFulfilled rejects with { error: FetchBaseQueryError }: its status says why.
          const status = (error as { error?: { status?: number | string } } | undefined)?.error?.status;
          dispatch(scanFailed({ reason: menuScanFailureOf(status) }));
        }
      },
    }),

    /**
     * POST /api/vendor/{vendorId}/update-item (bearer, JSON {itemId, itemName?, itemPrice?}) → { item }: a
     * correction shows at once and takes the server's version when it answers; a refused one is put back.
     */
    updateItem: build.mutation<UpdateItemResponse, UpdateItemArgs>({
      query: ({ vendorId, itemId, itemName, itemPrice }) => ({
        url: `${vendorPath(vendorId)}/update-item`,
        method: 'POST',
        body: { itemId, itemName, itemPrice } satisfies UpdateItemRequest,
      }),
      async onQueryStarted({ vendorId, itemId, itemName, itemPrice }, { dispatch, queryFulfilled }) {
        const shown = dispatch(
          vendorApi.util.updateQueryData('getVendor', vendorId, (draft) => {
            const item = draft.items.find((candidate) => candidate._id === itemId);
            if (!item) return;
            if (itemName !== undefined) item.name = itemName.trim().replace(/\s+/g, ' ');
            if (itemPrice !== undefined) item.price = itemPrice;
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(
            vendorApi.util.updateQueryData('getVendor', vendorId, (draft) => {
              const index = draft.items.findIndex((candidate) => candidate._id === itemId);
              if (index !== -1 && data?.item) draft.items[index] = data.item;
            }),
          );
          // The reward form names its qualifying item.
          dispatch(api.util.invalidateTags(['Reward']));
        } catch {
          shown.undo();
        }
      },
    }),

    /** GET /api/vendor/{vendorId}/menu-scans/{uploadId} (bearer): the scan's page pictures and where each new item was read. */
    getMenuScanReview: build.query<MenuScanReviewResponse, MenuScanArgs>({
      query: menuScanPath,
    }),

    /** GET /api/vendor/{vendorId}/menu-scans/{uploadId}/pages/{page} (bearer, JPEG) → a data: URL for the <img>. */
    getMenuScanPicture: build.query<string, MenuScanPictureArgs>({
      query: (args) => ({
        url: `${menuScanPath(args)}/pages/${args.page}`,
        responseHandler: async (response) => (response.ok ? dataUrlOf(await response.blob()) : response.text()),
      }),
      // A picture is a few hundred kilobytes: not kept long once the review is closed.
      keepUnusedDataFor: 30,
    }),

    /**
     * POST /api/vendor/{vendorId}/remove-upload (bearer, JSON {uploadId}) → { removed }: takes back
     * a bad read. The upload's items leave the list at once; on failure the list is reloaded.
     */
    removeUpload: build.mutation<{ removed: number }, RemoveUploadArgs>({
      query: ({ vendorId, uploadId }) => ({ url: `${vendorPath(vendorId)}/remove-upload`, method: 'POST', body: { uploadId } }),
      async onQueryStarted({ vendorId, uploadId }, { dispatch, queryFulfilled }) {
        let removedCount = 0;
        dispatch(
          vendorApi.util.updateQueryData('getVendor', vendorId, (draft) => {
            const kept = draft.items.filter((item) => item.uploadId !== uploadId);
            removedCount = draft.items.length - kept.length;
            draft.items = kept;
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(uploadUndone({ uploadId, removedCount: typeof data?.removed === 'number' ? data.removed : removedCount }));
          dispatch(api.util.invalidateTags(['Reward']));
        } catch (error) {
          console.error('Failed to remove the uploaded items', error);
          // The list may now differ from the server's: read it again.
          dispatch(api.util.invalidateTags([{ type: 'Items', id: vendorId }]));
        }
      },
    }),
  }),
});

export const {
  useRemoveUploadMutation,
  useGetVendorQuery,
  useUpdateVendorMutation,
  useAddItemMutation,
  useDeleteItemMutation,
  useUploadMenuMutation,
  useUpdateItemMutation,
  useGetMenuScanReviewQuery,
  useGetMenuScanPictureQuery,
} = vendorApi;
