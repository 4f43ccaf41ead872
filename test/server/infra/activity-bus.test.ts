// The activity bus: notices reach every subscriber of the vendor — in one process, across processes
// through PostgreSQL LISTEN/NOTIFY (PostgreSQL pass only) and through Redis pub/sub (a fake broker here;
// the real one when REDIS_URL is set) — and a broken listener or connection never reaches the publisher.
import { sql } from 'kysely';
import {
  createActivityBus,
  createInProcessActivityBus,
  createPostgresActivityBus,
  createRedisActivityBus,
  decodeNotice,
  encodeNotice,
  MAX_NOTIFY_PAYLOAD_BYTES,
  type ActivityBus,
  type ActivityNotice,
  type RedisLike,
} from '../../../server/infra/activity-bus';
import { buildTestApp, usingPostgres, type TestApp } from '../helpers';

const stamp = (vendorId: string, id = 'evt-1'): ActivityNotice => ({ type: 'stamp', vendorId, id });

function collect(bus: ActivityBus, vendorId: string): ActivityNotice[] {
  const received: ActivityNotice[] = [];
  bus.subscribe(vendorId, (notice) => received.push(notice));
  return received;
}

async function waitFor(condition: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('activity notices on the wire', () => {
  it('round-trip, stay tiny, and ignore anything else', () => {
    const notice: ActivityNotice = { type: 'redemption', vendorId: '6f1c5bd2-7a51-4d0e-9a57-4a1c1f0e0b77', id: '0d8a3b4e-0f5e-4b33-8a64-2f3a7b8c9d10' };
    const wire = encodeNotice(notice);
    expect(decodeNotice(wire)).toEqual(notice);
    expect(Buffer.byteLength(wire)).toBeLessThan(200);
    expect(MAX_NOTIFY_PAYLOAD_BYTES).toBeLessThan(8000);
    const revocation: ActivityNotice = { type: 'sessions-ended', vendorId: notice.vendorId, id: '0d8a3b4e-0f5e-4b33-8a64-2f3a7b8c9d11' };
    expect(decodeNotice(encodeNotice(revocation))).toEqual(revocation);
    for (const junk of ['', 'not json', '{"t":"visit","v":"a","i":"b"}', '{"t":"stamp","v":1,"i":"b"}', 'null']) expect(decodeNotice(junk)).toBeUndefined();
  });
});

describe('in-process activity bus (SQLite)', () => {
  it("delivers a vendor's notices to that vendor's subscribers only, until they unsubscribe", async () => {
    const bus = createInProcessActivityBus();
    const mine: ActivityNotice[] = [];
    const unsubscribe = bus.subscribe('v1', (n) => mine.push(n));
    const theirs = collect(bus, 'v2');
    bus.publish(stamp('v1'));
    expect(mine).toEqual([stamp('v1')]);
    expect(theirs).toEqual([]);
    unsubscribe();
    bus.publish(stamp('v1', 'evt-2'));
    expect(mine).toHaveLength(1);
    await bus.close();
  });

  it('keeps a throwing listener away from the publisher', () => {
    const onError = jest.fn();
    const bus = createInProcessActivityBus({ onError });
    bus.subscribe('v1', () => {
      throw new Error('broken feed');
    });
    expect(() => bus.publish(stamp('v1'))).not.toThrow();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'broken feed' }));
  });

  (usingPostgres ? it.skip : it)('is what a SQLite app gets', async () => {
    const t = await buildTestApp();
    try {
      expect(t.deps.activityBus.kind).toBe('in-process');
      expect((await createActivityBus({ databaseUrl: undefined, redisUrl: undefined }, t.db)).kind).toBe('in-process');
    } finally {
      await t.close();
    }
  });
});

/** A Redis server in memory: channels fan out to every subscribed connection. */
function fakeRedisBroker() {
  const subscribers = new Map<string, Set<(channel: string, message: string) => void>>();
  const quits: string[] = [];
  const connection = (name: string): RedisLike => {
    const handlers: ((channel: string, message: string) => void)[] = [];
    return {
      async publish(channel, message) {
        for (const deliver of subscribers.get(channel) ?? []) setImmediate(() => deliver(channel, message));
        return 1;
      },
      async subscribe(channel) {
        const set = subscribers.get(channel) ?? new Set();
        for (const handler of handlers) set.add(handler);
        subscribers.set(channel, set);
        return 1;
      },
      on(event: 'message' | 'error', listener: ((channel: string, message: string) => void) | ((error: Error) => void)) {
        if (event === 'message') handlers.push(listener as (channel: string, message: string) => void);
        return this;
      },
      async quit() {
        quits.push(name);
        return 'OK';
      },
    } as RedisLike;
  };
  return { connection, quits };
}

describe('Redis activity bus', () => {
  it('carries notices between processes through pub/sub', async () => {
    const broker = fakeRedisBroker();
    const processA = createRedisActivityBus({ publisher: broker.connection('a-pub'), subscriber: broker.connection('a-sub') });
    const processB = createRedisActivityBus({ publisher: broker.connection('b-pub'), subscriber: broker.connection('b-sub') });
    await Promise.all([processA.ready(), processB.ready()]);
    const atB = collect(processB, 'v1');
    const atA = collect(processA, 'v1');
    processA.publish(stamp('v1'));
    await waitFor(() => atB.length === 1 && atA.length === 1);
    expect(atB).toEqual([stamp('v1')]);
    await processA.close();
    await processB.close();
    expect(broker.quits.sort()).toEqual(['a-pub', 'a-sub', 'b-pub', 'b-sub']);
  });

  it('reports a failed publish instead of throwing', async () => {
    const onError = jest.fn();
    const broker = fakeRedisBroker();
    const publisher = { ...broker.connection('pub'), publish: async () => { throw new Error('connection lost'); } } as RedisLike;
    const bus = createRedisActivityBus({ publisher, subscriber: broker.connection('sub') }, { onError });
    expect(() => bus.publish(stamp('v1'))).not.toThrow();
    await waitFor(() => onError.mock.calls.length === 1);
    await bus.close();
  });

  // .ci/run starts a private redis-server and passes it as REDIS_TEST_URL.
  const redisUrl = process.env.REDIS_TEST_URL ?? process.env.REDIS_URL;
  (redisUrl ? it : it.skip)('carries notices through a real Redis (REDIS_TEST_URL)', async () => {
    const t = await buildTestApp();
    const a = await createActivityBus({ databaseUrl: undefined, redisUrl }, t.db);
    const b = await createActivityBus({ databaseUrl: undefined, redisUrl }, t.db);
    try {
      await Promise.all([a.ready(), b.ready()]);
      const received = collect(b, 'v-redis');
      a.publish(stamp('v-redis'));
      await waitFor(() => received.length === 1);
    } finally {
      await a.close();
      await b.close();
      await t.close();
    }
  });
});

(usingPostgres ? describe : describe.skip)('PostgreSQL activity bus (LISTEN/NOTIFY)', () => {
  let t: TestApp;
  const buses: ActivityBus[] = [];
  const open = (pgSchema = t.db.pgSchema) => {
    const bus = createPostgresActivityBus(t.db, { databaseUrl: process.env.DATABASE_URL as string, pgSchema, onError: () => undefined });
    buses.push(bus);
    return bus;
  };

  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(async () => {
    for (const bus of buses.splice(0)) await bus.close();
    await t.close();
  });

  it('is what a PostgreSQL app gets', () => {
    expect(t.deps.activityBus.kind).toBe('postgres');
  });

  it('carries a notice from one process to the subscribers of every other', async () => {
    const processA = open();
    const processB = open();
    const atB = collect(processB, 'v1');
    const atA = collect(processA, 'v1');
    const elsewhere = collect(open('some_other_schema'), 'v1');
    await Promise.all(buses.map((bus) => bus.ready()));
    processA.publish(stamp('v1'));
    await waitFor(() => atA.length === 1 && atB.length === 1);
    expect(atB).toEqual([stamp('v1')]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(elsewhere).toEqual([]);
  });

  it('listens again after its connection is cut', async () => {
    const publisher = open();
    const listener = open();
    const received = collect(listener, 'v1');
    await listener.ready();
    const channel = `stampwise_activity_${t.db.pgSchema}`;
    const cut = await sql<{ terminated: boolean }>`
      SELECT pg_terminate_backend(pid) AS terminated FROM pg_stat_activity WHERE query = ${`LISTEN "${channel}"`}`.execute(t.db.kysely);
    expect(cut.rows.length).toBeGreaterThan(0);
    // Publish until the reconnected listener hears one (notices sent while it was away are lost).
    let sent = 0;
    await waitFor(() => {
      publisher.publish(stamp('v1', `evt-${(sent += 1)}`));
      return received.length > 0;
    }, 5000);
  });
});
