// /api/activity/{vendorId}: the Reward Activity list, the live counter feed and the activity log's CSV
// export: the vendor's own data, owner-only. HTTP only; the rows come from services/activity and
// services/export.
import crypto from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ActivityItem,
  ActivityPage,
  ActivityQuery,
  RemoveStampParams,
  RemoveStampRequest,
  StreamQuery,
  StreamTicketResponse,
  TodaysActivity,
  TodaysActivityQuery,
} from '../../src/api/contract/activity';
import { removeStamp } from '../services/stamp-removal';
import { expireOverdueCards } from '../services/stamp-expiry';
import { ErrorBody, VendorParams as Params } from '../../src/api/contract/common';
import { ActivityExportQuery, CsvBody } from '../../src/api/contract/customers';
import { ACTIVITY_SEEK_MAX_ROWS } from '../../src/api/contract/limits';
import { ACTIVITY_STREAM_EVENT, RELAY_ALERT_STREAM_EVENT, SERVER_STATE_STREAM_EVENT, SESSION_ENDED_STREAM_EVENT } from '../../src/api/contract/protocol';
import { watchDatabaseOf } from '../services/database-watch';
import { badRequest, forbidden, HttpError, tooManyRequests, unauthorized } from '../http-errors';
import { activityItemFor, getActivityPage, todaysActivity } from '../services/activity';
import { activityCsvStream } from '../services/export/csv-export';
import { csvSeparatorFor } from '../services/export/csv';
import { openEventStream, type EventStream } from '../infra/event-stream';
import { createStreamTickets } from '../infra/stream-tickets';
import { freeLiveFeedPlace, renewLiveFeedPlace, takeLiveFeedPlace } from '../services/stream-places';
import { SERVER_ID } from '../infra/server-id';
import { formatLocaleOfAcceptLanguage, localeOfAcceptLanguage } from '../infra/texts';
import { dayOfDate, storeCalendar, storeTimeZoneOf } from '../services/store-day';
import { checkSession, type SessionEnd } from '../services/sessions';
import { isDeviceCurrent } from '../services/counter-devices';
import type { SessionClaims } from '../infra/session-tokens';
import { csvHeaders, EXPORTS_PER_MINUTE } from './customers';
import { named } from '../plugins/plugin-name';
import { spendTicket } from '../services/single-use-tickets';
import { rateLimitKey } from '../infra/client-network';

/** Open live feeds per vendor (a counter tablet or two, a back-office screen): more is a runaway client. */
export const MAX_STREAMS_PER_VENDOR = 20;
export const STREAM_TICKETS_PER_MINUTE = 30;
export const STREAM_OPENS_PER_MINUTE = 30;
/** An open feed's place is renewed every third of this; a dead server's places free up after it. */
export const STREAM_PLACE_LEASE_MS = 60_000;
/** How often an open feed renews its place and re-checks its session: a third of the lease. */
export const STREAM_RECHECK_MS = STREAM_PLACE_LEASE_MS / 3;
/** Sent (then the feed closes) once the session that opened it has ended. */
export const SESSION_ENDED_EVENT = SESSION_ENDED_STREAM_EVENT;
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

export const TICKET_INVALID_MESSAGE = 'This live-feed ticket is not valid. Ask for a new one.';
export const TICKET_EXPIRED_MESSAGE = 'This live-feed ticket has expired. Ask for a new one.';
export const TICKET_USED_MESSAGE = 'This live-feed ticket has been used already. Ask for a new one.';
export const TOO_MANY_STREAMS_MESSAGE = 'Too many live feeds are open for this store. Close one and try again.';
export const EXPORT_RANGE_MESSAGE = 'The end date must be on or after the start date.';

export const FEED_UNAVAILABLE_MESSAGE = 'The live feed is not available right now. Please try again shortly.';

const activityRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tickets = createStreamTickets(app.deps.secret, app.deps.now);
  const openStreams = new Set<EventStream>();
  /** Set when the server starts to stop: a feed still being set up then must not open. */
  let closing = false;
  /** This server's view of its database, probed while any of its feeds is open (not per feed, not per stamp). */
  const databaseWatch = watchDatabaseOf(app.deps);

  // The vendor's private figures: never kept by the browser or anything in between.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  // Open feeds would keep the server from closing (they never end on their own).
  app.addHook('preClose', async () => {
    closing = true;
    databaseWatch.stop();
    for (const stream of openStreams) stream.close();
  });

  app.get('/:vendorId', {
    config: { access: 'counter' },
    schema: {
      tags: ['activity'],
      summary: "The vendor's stamps and reward claims, newest first, one page at a time",
      description:
        'pageSize 1–100 (default 20). Keyset paging: before= (a page\'s nextCursor) gives the older rows, after= (a page\'s prevCursor) ' +
        `the newer ones, skip= (0–${ACTIVITY_SEEK_MAX_ROWS}) rows along. By page number alone, a page within ${ACTIVITY_SEEK_MAX_ROWS} rows of the newest ` +
        'or the oldest event; a page farther from both is refused (400). total counts every event in the list.',
      security: [{ bearer: [] }],
      params: Params,
      querystring: ActivityQuery,
      response: {
        200: ActivityPage,
        400: ErrorBody,
        401: ErrorBody,
        403: ErrorBody,
      },
    },
  }, async (request) => {
    // Cards past the store's stamp expiry are settled first, so the list shows their expiry events.
    await expireOverdueCards(app.deps, { vendorId: request.params.vendorId });
    return getActivityPage(app.deps, request.params.vendorId, request.query, localeOfAcceptLanguage(request.headers['accept-language']));
  });

  app.get('/:vendorId/today', {
    config: { access: 'counter' },
    schema: {
      tags: ['activity'],
      summary: "The newest stamps and reward claims of the store's day, newest first: the counter feed's lines when it opens",
      description:
        "The day runs from midnight to midnight in the store's time zone (Store Settings), whatever the counter's clock says; " +
        "for a store without a time zone, in the browser's utcOffset. pageSize 1–100 (default 20).",
      security: [{ bearer: [] }],
      params: Params,
      querystring: TodaysActivityQuery,
      response: { 200: TodaysActivity, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
    },
  }, async (request) => {
    // Cards past the store's stamp expiry are settled first, as the list does, so the feed shows their expiry events.
    await expireOverdueCards(app.deps, { vendorId: request.params.vendorId });
    const { pageSize, utcOffset } = request.query;
    return todaysActivity(app.deps, request.params.vendorId, pageSize, utcOffset, localeOfAcceptLanguage(request.headers['accept-language']));
  });

  app.post('/:vendorId/stamps/:stampId/remove', {
    config: { access: 'manager' },
    schema: {
      tags: ['activity'],
      summary: 'Remove a mistaken stamp, with the reason (audited; the stamp stays listed, marked removed)',
      security: [{ bearer: [] }],
      params: RemoveStampParams,
      body: RemoveStampRequest,
      response: { 200: ActivityItem, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
    },
  }, async (request) => removeStamp(app.deps, request.params.vendorId, request.params.stampId, request.body.reason, request.ip));

  app.post('/:vendorId/stream-ticket', {
    config: { access: 'counter', rateLimit: { max: STREAM_TICKETS_PER_MINUTE, timeWindow: 60_000 } },
    schema: {
      tags: ['activity'],
      summary: 'A ticket for the live feed, valid for 60 seconds',
      description:
        'EventSource cannot send the bearer header: open `url` (GET …/stream?ticket=) within 60 s instead, once: ' +
        'a ticket opens one feed (ask a new one for each connection). ' +
        '503 with reason `database-unavailable` while this server cannot reach its database: the page shows "Scans paused" and asks again.',
      security: [{ bearer: [] }],
      params: Params,
      response: {
        200: StreamTicketResponse,
        401: ErrorBody,
        403: ErrorBody,
        429: ErrorBody,
        503: ErrorBody,
      },
    },
  }, async (request) => {
    const { vendorId } = request.params;
    // The access check has authenticated the request: a counter screen, or a person with a session.
    const principal = request.principal;
    const session = request.session;
    if (principal?.kind !== 'device' && !session) throw unauthorized();
    // The ticket keeps the page's language (the SPA sends it as Accept-Language): the stream's labels follow it.
    const locale = localeOfAcceptLanguage(request.headers['accept-language']);
    const { ticket, expiresAt } =
      principal?.kind === 'device' ? tickets.issueForDevice(vendorId, principal.deviceId, locale) : tickets.issue(session as SessionClaims, locale);
    return { ticket, expiresAt, url: `/api/activity/${encodeURIComponent(vendorId)}/stream?ticket=${encodeURIComponent(ticket)}` };
  });

  app.get('/:vendorId/stream', {
    config: { access: 'public', rateLimit: { max: STREAM_OPENS_PER_MINUTE, timeWindow: 60_000 } },
    schema: {
      tags: ['activity'],
      summary: 'The live feed: server-sent events, one `activity` event per stamp or claim',
      description:
        `text/event-stream. Each stamp or claim arrives as \`event: ${ACTIVITY_STREAM_EVENT}\` with one activity item as JSON; ` +
        'a comment every 15 s keeps the connection open. ' +
        `\`event: ${SERVER_STATE_STREAM_EVENT}\` (\`{ database: "down" | "up" }\`) says when this server stops or starts again being able to record stamps. ` +
        'When the session (or counter screen) the ticket came from is revoked, a last ' +
        `\`event: ${SESSION_ENDED_STREAM_EVENT}\` (\`{ error, reason }\`) and the stream ends. ` +
        '401 for a missing, forged, expired or already used ticket or one whose session has ended, 403 for a ticket of another vendor.',
      params: Params,
      querystring: StreamQuery,
      response: { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 429: ErrorBody, 503: ErrorBody },
    },
  }, async (request, reply) => {
    const { vendorId } = request.params;
    const check = tickets.verify(request.query.ticket);
    if (!check.ok) throw unauthorized(check.reason === 'expired' ? TICKET_EXPIRED_MESSAGE : TICKET_INVALID_MESSAGE);
    // The labels speak the language of the page that asked for the ticket; EventSource itself sends only the
    // browser's languages, which a person who chose another one in the profile menu does not read.
    const locale = check.locale ?? localeOfAcceptLanguage(request.headers['accept-language']);
    if (check.vendorId !== vendorId) throw forbidden();
    // The cap counts feeds of every server sharing the database (a place per feed, leased).
    const placeId = crypto.randomUUID();
    const place = () => ({ id: placeId, vendorId, owner: SERVER_ID, now: app.deps.now(), ttlMs: STREAM_PLACE_LEASE_MS });
    if (!(await takeLiveFeedPlace(app.deps, place(), MAX_STREAMS_PER_VENDOR))) throw tooManyRequests(TOO_MANY_STREAMS_MESSAGE);
    let stream: EventStream | undefined;
    let queue: Promise<void> = Promise.resolve();
    /** Set once the session (or counter screen) the ticket came from has ended: nothing is sent after it. */
    let ended = false;
    /**
     * Whether the session (or counter screen) the ticket came from still stands, read from the database, so on
     * every server alike: a feed outlives its ticket, but not a Logout, a password change or reset, a team
     * member's removal or the screen's removal. undefined: it stands.
     */
    const endOfSession = async (): Promise<{ reason?: SessionEnd } | undefined> => {
      if (check.deviceId !== undefined) return (await isDeviceCurrent(app.deps, check.deviceId)) ? undefined : {};
      const standing = await checkSession(app.deps, check.session);
      return standing.current ? undefined : { reason: standing.reason };
    };
    /** Tells the page why (the reason picks the sign-in screen's text), then closes the feed. */
    const endFeed = (end: { reason?: SessionEnd }) => {
      ended = true;
      stream?.send(SESSION_ENDED_EVENT, { error: SESSION_ENDED_MESSAGE, ...end });
      stream?.close();
    };
    // The store's revocations are announced on the bus ('sessions-ended') and close the feed at once; this
    // periodic check is the backstop for an announcement lost while a bus was down.
    const renewal = setInterval(() => {
      renewLiveFeedPlace(app.deps, placeId, app.deps.now() + STREAM_PLACE_LEASE_MS).catch((error: unknown) => request.log.warn({ err: error }, 'could not renew a live-feed place'));
      queue = queue
        .then(async () => {
          if (ended) return;
          const end = await endOfSession();
          if (end) endFeed(end);
        })
        .catch((error: unknown) => request.log.warn({ err: error }, 'could not check a live feed\'s session'));
    }, STREAM_RECHECK_MS);
    renewal.unref();
    const release = () => {
      clearInterval(renewal);
      // If this fails (database down), the place frees itself when its lease runs out.
      freeLiveFeedPlace(app.deps, placeId).catch((error: unknown) => request.log.warn({ err: error }, 'could not free a live-feed place'));
    };

    // Lines are written in the order the notices came, though each is read from the database first. Each one
    // first checks the session in the same queue, so no line goes out after a revocation has committed, even
    // one whose notice overtook the revocation's on its way from another server.
    const unsubscribe = app.deps.activityBus.subscribe(vendorId, (notice) => {
      queue = queue
        .then(async () => {
          if (ended) return;
          const end = await endOfSession();
          if (end) {
            endFeed(end);
            return;
          }
          if (notice.type === 'sessions-ended') return;
          // A relay alert carries only its code; the page reads the alert itself (owner-only route).
          if (notice.type === 'relay-alert') {
            stream?.send(RELAY_ALERT_STREAM_EVENT, { code: notice.id });
            return;
          }
          const item = await activityItemFor(app.deps, notice, locale);
          if (item) stream?.send(ACTIVITY_STREAM_EVENT, item, item.id);
        })
        .catch((error: unknown) => request.log.warn({ err: error }, 'could not send a live-feed line'));
    });
    try {
      // The stream opens only once this process hears every other one (PostgreSQL/Redis), so no stamp
      // made after `open` is missed.
      await app.deps.activityBus.ready();
    } catch (error) {
      unsubscribe();
      release();
      request.log.error({ err: error }, 'activity bus is not listening');
      throw new HttpError(503, FEED_UNAVAILABLE_MESSAGE);
    }
    // The ticket may outlive its session (Logout within its 60 s): such a feed never opens.
    const endedBeforeOpening = await endOfSession().catch((error: unknown) => {
      unsubscribe();
      release();
      throw error;
    });
    if (endedBeforeOpening) {
      unsubscribe();
      release();
      throw unauthorized(SESSION_ENDED_MESSAGE, endedBeforeOpening.reason);
    }
    // A ticket opens one feed: once it has, the same ticket copied from a URL (a log, a screenshot, a proxy)
    // opens nothing, on any server sharing the database. The refusals before this point (429, 503, an ended
    // session) spend nothing; the page asks a fresh ticket for every connection anyway.
    const spending = await spendTicket(app.deps, { purpose: 'activity-stream', mac: check.mac, expiresAt: check.expiresAt }, rateLimitKey(request.ip)).catch((error: unknown) => {
      unsubscribe();
      release();
      throw error;
    });
    if (spending !== 'first') {
      unsubscribe();
      release();
      throw unauthorized(TICKET_USED_MESSAGE);
    }
    if (closing) {
      // The stop began while this feed was being set up: it already closed the open feeds, and this one
      // would keep the server from closing until the stop's deadline. The page opens it again elsewhere.
      unsubscribe();
      release();
      throw new HttpError(503, FEED_UNAVAILABLE_MESSAGE);
    }

    reply.hijack();
    const opened = openEventStream(reply.raw);
    stream = opened;
    openStreams.add(opened);
    // Staff see when this server cannot record stamps (its customers' scans are refused) and when it can again.
    if (databaseWatch.state === 'down') opened.send(SERVER_STATE_STREAM_EVENT, { database: 'down' });
    const unwatch = databaseWatch.subscribe((database) => opened.send(SERVER_STATE_STREAM_EVENT, { database }));
    opened.onClose(() => {
      unwatch();
      unsubscribe();
      release();
      openStreams.delete(opened);
    });
    return reply;
  });

  app.get('/:vendorId/export.csv', {
    config: { access: 'manager', rateLimit: { max: EXPORTS_PER_MINUTE, timeWindow: 60_000 } },
    schema: {
      tags: ['customers'],
      summary: 'The activity log (stamps, claims, hand-overs, expiries) of a date range as CSV (streamed)',
      description: 'from and to are dates (both included) on the store\'s calendar: its time zone, or utcOffset for a store without one.',
      security: [{ bearer: [] }],
      params: Params,
      querystring: ActivityExportQuery,
      // Any: the 200 body is a text/csv byte stream, which no JSON schema describes (and none serializes).
      response: { 200: CsvBody, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 429: ErrorBody },
    },
  }, async (request, reply) => {
    const { from, to, utcOffset } = request.query;
    // from and to are days of the store's calendar (its time zone; the browser's offset for a store without one).
    const timeZone = await storeTimeZoneOf(app.deps.db.kysely, request.params.vendorId);
    const calendar = storeCalendar(timeZone, utcOffset);
    const [fromDay, toDay] = [dayOfDate(from), dayOfDate(to)];
    if (!Number.isInteger(fromDay)) throw badRequest('from is not a date', [{ field: 'from', message: 'is not a date' }]);
    if (!Number.isInteger(toDay)) throw badRequest('to is not a date', [{ field: 'to', message: 'is not a date' }]);
    const start = calendar.dayStart(fromDay);
    const end = calendar.dayStart(toDay + 1);
    if (end <= start) throw badRequest(EXPORT_RANGE_MESSAGE, [{ field: 'to', message: 'is before from' }]);
    // Cards past the store's stamp expiry are settled first, as the list does, so the file holds their expiries.
    await expireOverdueCards(app.deps, { vendorId: request.params.vendorId });
    // Cells separated as a spreadsheet in the page's language reads them (`;` where it writes a decimal comma).
    const separator = csvSeparatorFor(formatLocaleOfAcceptLanguage(request.headers['accept-language']));
    const stream = activityCsvStream(app.deps, { vendorId: request.params.vendorId, from: start, to: end }, { utcOffsetMinutes: utcOffset, timeZone, separator });
    return reply.headers(csvHeaders(`stampwise-activity-${from}-to-${to}.csv`)).send(stream);
  });
};

export default named(activityRoutes);
