// /api/vendor/:vendorId… — the store profile and menu, each call for its owner only.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ErrorBody, VendorParams as Params } from '../../src/api/contract/common';
import {
  AddItemRequest,
  AddItemResponse,
  DeleteItemRequest,
  DeleteItemResponse,
  MenuScanPageBytes,
  MenuScanPageParams,
  MenuScanParams,
  MenuScanReviewResponse,
  RemoveUploadRequest,
  RemoveUploadResponse,
  SaveProfileRequest,
  SaveProfileResponse,
  UpdateItemRequest,
  UpdateItemResponse,
  UploadMenuRequest,
  UploadMenuResponse,
  VendorResponse,
} from '../../src/api/contract/vendor';
import { addMenuItem, editMenuItem, removeMenuItem, removeUploadItems } from '../services/menu/items';
import { readScanPageImage, readScanReview } from '../services/menu/scan-review';
import { uploadMenu } from '../services/menu/upload';
import { saveVendorProfile } from '../services/vendor-profile';
import { noteStoreSettingsChange } from '../services/actors';
import { localeOfAcceptLanguage } from '../infra/texts';
import { createVendorAnswerCache, vendorAnswer } from '../services/vendor-answer-cache';
import { MAX_IMAGE_BYTES, MAX_MENU_BYTES } from '../../src/api/contract/limits';
import { uploadedFile } from '../services/uploads';
import multipartForms from '../plugins/multipart-forms';
import { named } from '../plugins/plugin-name';
import { rateLimitKey } from '../infra/client-network';

const errorResponses = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/**
 * Per-route multipart limits. A file over the limit is cut at limit + 1 bytes instead of failing
 * inside the parser, so the service answers 413 with a message naming the limit.
 * (@fastify/multipart reads `throwFileSizeLimit` from these route options too.)
 */
function fileLimits(maxBytes: number, files: number) {
  return { limits: { fileSize: maxBytes + 1, files }, throwFileSizeLimit: false };
}

const vendorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The access check (plugins/access.ts) runs as the first onRequest hook, before the body is read: nobody
  // uploads 10 MB only to be told 401.
  const security = [{ bearer: [] }];
  // This server's kept answers of GET /:vendorId, each valid while its store version is current.
  const answers = createVendorAnswerCache();

  app.get('/:vendorId', {
    config: { access: 'staff' },
    schema: {
      tags: ['vendor'],
      summary: 'The store profile and menu items (items in the order they were added).',
      security,
      params: Params,
      response: { 200: VendorResponse, ...errorResponses },
    },
  }, async (request, reply) => {
    // request.storeVersion: read by the access check's session check, before any of the answer's rows.
    const body = await vendorAnswer(app.deps, answers, request.params.vendorId, request.storeVersion, (answer) => {
      // The route's compiled response serialiser (the bytes Fastify would send) writes JSON text.
      const text = reply.serialize(answer);
      if (typeof text !== 'string') throw new Error('the vendor answer serialiser did not write text');
      return text;
    });
    // Already JSON (UTF-8 bytes), which Fastify sends as they are. The typed send() only knows the schema's
    // object shape, hence the cast: the bytes are that shape, serialised by its schema.
    return reply.type('application/json; charset=utf-8').send(body as unknown as VendorResponse);
  });

  // The two multipart routes, in a context of their own: @fastify/multipart's hooks run on them only.
  const forms: FastifyPluginAsyncTypebox = async (formRoutes) => {
    await formRoutes.register(multipartForms);

    formRoutes.post('/:vendorId', {
      config: { access: 'manager', multipartOptions: fileLimits(MAX_IMAGE_BYTES, 2) },
      schema: {
        tags: ['vendor'],
        summary: 'Saves the store profile (multipart); optional logo and cover images replace the current ones.',
        security,
        consumes: ['multipart/form-data'],
        params: Params,
        body: SaveProfileRequest,
        response: { 200: SaveProfileResponse, ...errorResponses, 413: ErrorBody, 415: ErrorBody },
      },
    }, async (request) => {
      const { vendorId } = request.params;
      const body = request.body;
      const files = { logo: uploadedFile(body, 'logo'), cover: uploadedFile(body, 'cover') };
      const vendor = await saveVendorProfile(app.deps, vendorId, body, files, request.log, localeOfAcceptLanguage(request.headers['accept-language']));
      await noteStoreSettingsChange(app.deps, vendorId, request.principal);
      return { vendor };
    });

    formRoutes.post('/:vendorId/upload-menu', {
      config: {
        access: 'manager',
        multipartOptions: fileLimits(MAX_MENU_BYTES, 1),
        rateLimit: {
          max: 10,
          timeWindow: '1 minute',
          // After authentication (the hook above runs first), so one vendor cannot use up another's.
          keyGenerator: (request: FastifyRequest) => `upload-menu:${request.vendorId ?? rateLimitKey(request.ip)}`,
        },
      },
      schema: {
        tags: ['vendor'],
        summary: 'Scans a menu file (PDF, PNG or JPEG, at most 10 MB) and adds the items not yet on the menu.',
        security,
        consumes: ['multipart/form-data'],
        params: Params,
        body: UploadMenuRequest,
        response: {
          200: UploadMenuResponse,
          ...errorResponses,
          413: ErrorBody,
          415: ErrorBody,
          422: ErrorBody,
          429: ErrorBody,
        },
      },
    }, async (request) => {
      return uploadMenu(app.deps, request.params.vendorId, uploadedFile(request.body, 'menu'), request.log);
    });
  };
  await app.register(named(forms));

  app.post('/:vendorId/add-item', {
    config: { access: 'manager' },
    schema: {
      tags: ['vendor'],
      summary: 'Adds a menu item; price in dollars (number or numeric string, ≤ 2 decimals) or empty.',
      security,
      params: Params,
      body: AddItemRequest,
      response: { 201: AddItemResponse, ...errorResponses, 409: ErrorBody },
    },
  }, async (request, reply) => {
    const item = await addMenuItem(app.deps, request.params.vendorId, request.body);
    return reply.code(201).send({ item });
  });

  app.post('/:vendorId/delete-item', {
    config: { access: 'manager' },
    schema: {
      tags: ['vendor'],
      summary: "Deletes one of the vendor's menu items; a reward naming it loses that reference.",
      security,
      params: Params,
      body: DeleteItemRequest,
      response: { 200: DeleteItemResponse, ...errorResponses },
    },
  }, async (request) => {
    await removeMenuItem(app.deps, request.params.vendorId, request.body.itemId);
    return { ok: true as const };
  });

  app.post('/:vendorId/remove-upload', {
    config: { access: 'manager' },
    schema: {
      tags: ['vendor'],
      summary: 'Removes exactly the items one menu upload added (to take back a bad read).',
      security,
      params: Params,
      body: RemoveUploadRequest,
      response: { 200: RemoveUploadResponse, ...errorResponses },
    },
  }, async (request) => {
    const removed = await removeUploadItems(app.deps, request.params.vendorId, request.body.uploadId);
    if (removed > 0) request.log.info({ uploadId: request.body.uploadId, removed }, 'menu upload taken back');
    return { removed };
  });

  app.post('/:vendorId/update-item', {
    config: { access: 'manager' },
    schema: {
      tags: ['vendor'],
      summary: "Corrects one of the vendor's menu items (name and/or price; a field left out keeps its value).",
      security,
      params: Params,
      body: UpdateItemRequest,
      response: { 200: UpdateItemResponse, ...errorResponses },
    },
  }, async (request) => {
    const { itemId, ...input } = request.body;
    return { item: await editMenuItem(app.deps, request.params.vendorId, itemId, input) };
  });

  app.get('/:vendorId/menu-scans/:uploadId', {
    config: { access: 'manager' },
    schema: {
      tags: ['vendor'],
      summary: "A recent menu scan's page pictures and where on them each of its items still on the menu was read.",
      security,
      params: MenuScanParams,
      response: { 200: MenuScanReviewResponse, ...errorResponses },
    },
  }, async (request) => readScanReview(app.deps, request.params.vendorId, request.params.uploadId));

  app.get('/:vendorId/menu-scans/:uploadId/pages/:page', {
    config: { access: 'manager' },
    schema: {
      tags: ['vendor'],
      summary: "A page picture (JPEG) of a recent menu scan, as the scanner read it (upright, straightened).",
      security,
      params: MenuScanPageParams,
      response: { 200: MenuScanPageBytes, ...errorResponses },
    },
  }, async (request, reply) => {
    const { vendorId, uploadId, page } = request.params;
    const image = await readScanPageImage(app.deps, vendorId, uploadId, page);
    // The store's own menu: never kept by a shared cache. A scan's picture never changes.
    return reply.headers({ 'cache-control': 'private, max-age=86400' }).type('image/jpeg').send(image);
  });
};

export default named(vendorRoutes);
