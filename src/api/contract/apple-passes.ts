// Apple's pass web service (/api/passes/apple/v1/…) as Wallet on a phone speaks it, and whether this
// server offers Apple Wallet passes at all (the "Add to Apple Wallet" badge asks).
import { Type, type Static } from '@fastify/type-provider-typebox';

/** Apple's identifiers: generous bounds, no spaces or slashes. */
const AppleIdentifier = Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9._:-]+$' });

export const ApplePassParams = Type.Object({ passTypeIdentifier: AppleIdentifier, serialNumber: AppleIdentifier });
export const AppleDeviceParams = Type.Object({ deviceLibraryIdentifier: AppleIdentifier, passTypeIdentifier: AppleIdentifier });
export const AppleRegistrationParams = Type.Object({ deviceLibraryIdentifier: AppleIdentifier, passTypeIdentifier: AppleIdentifier, serialNumber: AppleIdentifier });

export const ApplePassAuthorizationHeaders = Type.Object({
  authorization: Type.Optional(Type.String({ maxLength: 300, description: '"ApplePass <authenticationToken>" from the pass' })),
});

export const ApplePassFetchHeaders = Type.Object({
  authorization: Type.Optional(Type.String({ maxLength: 300, description: '"ApplePass <authenticationToken>" from the pass' })),
  'if-modified-since': Type.Optional(Type.String({ maxLength: 100, description: 'The Last-Modified of the copy the phone holds' })),
});

export const AppleRegistrationRequest = Type.Object({ pushToken: Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9]+$' }) });
export type AppleRegistrationRequest = Static<typeof AppleRegistrationRequest>;

export const AppleUpdatedSerialsQuery = Type.Object({ passesUpdatedSince: Type.Optional(Type.String({ maxLength: 40 })) });
export const AppleUpdatedSerialsResponse = Type.Object({ serialNumbers: Type.Array(Type.String()), lastUpdated: Type.String() });
export type AppleUpdatedSerialsResponse = Static<typeof AppleUpdatedSerialsResponse>;

export const AppleLogRequest = Type.Object({ logs: Type.Array(Type.String({ maxLength: 2000 }), { maxItems: 100 }) });

/** GET /api/passes/apple/status: whether this server makes Apple Wallet passes. */
export const ApplePassStatusResponse = Type.Object({ enabled: Type.Boolean() });
export type ApplePassStatusResponse = Static<typeof ApplePassStatusResponse>;

/** POST /api/customer/cards/{cardId}/apple-pass-link: where the phone downloads the pass (valid a minute, spent by its first use). */
export const ApplePassLinkResponse = Type.Object({ url: Type.String() });
export type ApplePassLinkResponse = Static<typeof ApplePassLinkResponse>;

export const ApplePassDownloadQuery = Type.Object({ ticket: Type.String({ minLength: 1, maxLength: 400 }) });
