// Dev-only: loaded into a soak server with NODE_OPTIONS=--require (SOAK_MEMORY_DIR=<dir> npm run test:soak).
// Every 30 s it appends the process's memory to <dir>/<label>-<pid>.jsonl: RSS, the JS heap (used and
// reserved), memory held outside the heap by JS objects (of it, Buffers and ArrayBuffers), and V8's own
// malloc; with MEMORY_PROBE_SNAPSHOT_MINUTES=4,14 it also writes a heap snapshot at those minutes (writing
// one raises the RSS for good, so runs that measure the RSS take none).
// MEMORY_PROBE_BURST_MB=<n>: the live heap is looked at every second, and whenever it is above n MB a
// line lists the requests in flight (method, URL, age), to tell which request builds the burst;
// MEMORY_PROBE_SNAPSHOT_ABOVE_MB=<n> writes one heap snapshot the first time the live heap passes n MB.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const v8 = require('node:v8');
const diagnostics = require('node:diagnostics_channel');
const { PerformanceObserver, constants } = require('node:perf_hooks');
const { isMainThread } = require('node:worker_threads');

const dir = process.env.MEMORY_PROBE_DIR;
if (dir) {
  const label = process.env.MEMORY_PROBE_LABEL || 'server';
  const file = path.join(dir, `${label}-${process.pid}.jsonl`);
  const started = Date.now();
  const snapshotAt = (process.env.MEMORY_PROBE_SNAPSHOT_MINUTES || '').split(',').filter(Boolean).map(Number);
  const burstMb = Number(process.env.MEMORY_PROBE_BURST_MB || 0);
  let snapshotAboveMb = Number(process.env.MEMORY_PROBE_SNAPSHOT_ABOVE_MB || 0);
  const mb = (bytes) => Math.round(bytes / 1048576);
  const minuteNow = () => Number(((Date.now() - started) / 60000).toFixed(2));
  const write = (line) => fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
  const snapshot = (name) => v8.writeHeapSnapshot(path.join(dir, `${label}-${process.pid}-${name}.heapsnapshot`));

  const inFlight = new Map();
  const finished = new Map();
  diagnostics.subscribe('http.server.request.start', ({ request, response }) => {
    inFlight.set(response, { url: `${request.method} ${request.url}`, at: Date.now() });
  });
  diagnostics.subscribe('http.server.response.finish', ({ response }) => {
    const open = inFlight.get(response);
    inFlight.delete(response);
    if (!open) return;
    const route = open.url.replace(/\?.*$/, '').replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id').replace(/\/[A-Za-z0-9_-]{20,}/g, '/:token');
    const seen = finished.get(route) || { n: 0, ms: 0 };
    seen.n += 1;
    seen.ms += Date.now() - open.at;
    finished.set(route, seen);
  });
  const openRequests = () => [...inFlight.values()].map((r) => `${r.url} ${Date.now() - r.at}ms`);

  // The live heap between two lines: its lowest reading is close to what survives a full collection, its
  // highest is that plus the garbage V8 let pile up before collecting; and how many full collections ran.
  let window = { low: Infinity, high: 0, fullGcs: 0 };
  const sampler = setInterval(() => {
    const used = process.memoryUsage().heapUsed;
    window.low = Math.min(window.low, used);
    window.high = Math.max(window.high, used);
  }, 1000);
  sampler.unref();
  const gcs = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.detail && entry.detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR) window.fullGcs += 1;
  });
  gcs.observe({ entryTypes: ['gc'] });

  const timer = setInterval(() => {
    const minute = minuteNow();
    const usage = process.memoryUsage();
    const heap = v8.getHeapStatistics();
    // The SQLite server's read worker loads the probe too and writes into the same file, marked.
    write({ ...(isMainThread ? {} : { thread: 'worker' }), minute: Number(minute.toFixed(1)), rss: mb(usage.rss), heapUsed: mb(usage.heapUsed), heapTotal: mb(usage.heapTotal), external: mb(usage.external), arrayBuffers: mb(usage.arrayBuffers), v8Malloced: mb(heap.malloced_memory), openRequests: inFlight.size, heapLow: mb(window.low), heapHigh: mb(window.high), fullGcs: window.fullGcs });
    window = { low: Infinity, high: 0, fullGcs: 0 };
    const due = snapshotAt.findIndex((at) => minute >= at);
    if (due >= 0) {
      snapshotAt.splice(due, 1);
      snapshot(`${Math.round(minute)}min`);
    }
  }, 30_000);
  timer.unref();

  // MEMORY_PROBE_ALLOCATIONS_MINUTES=<n>: V8's sampling heap profiler counts every allocation (garbage
  // included) from the start; at minute n the functions that allocated most are written (top 60).
  const allocationsAt = Number(process.env.MEMORY_PROBE_ALLOCATIONS_MINUTES || 0);
  if (allocationsAt > 0) {
    const inspector = require('node:inspector');
    const session = new inspector.Session();
    session.connect();
    session.post('HeapProfiler.startSampling', { samplingInterval: 32768, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
    const allocationTimer = setTimeout(() => {
      session.post('HeapProfiler.getSamplingProfile', (error, result) => {
        if (error) return write({ minute: minuteNow(), allocationsError: String(error) });
        const bySite = new Map();
        const byStack = new Map();
        let total = 0;
        const walk = (node, stack) => {
          const frame = `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.replace(/^.*\/(node_modules|dist)\//, '$1/')}:${node.callFrame.lineNumber + 1}`;
          const here = [...stack, frame];
          if (node.selfSize > 0) {
            total += node.selfSize;
            bySite.set(frame, (bySite.get(frame) || 0) + node.selfSize);
            // The nearest frame of the app's own code (dist/server) says which feature allocated it.
            const own = [...here].reverse().find((f) => f.includes('dist/server')) || '(no app frame)';
            byStack.set(own, (byStack.get(own) || 0) + node.selfSize);
          }
          for (const child of node.children) walk(child, here);
        };
        walk(result.profile.head, []);
        const top = (map) => [...map].sort((a, b) => b[1] - a[1]).slice(0, 60).map(([k, v]) => `${mb(v)} MB ${k}`);
        write({ minute: minuteNow(), allocatedMb: mb(total), bySite: top(bySite), byAppFrame: top(byStack) });
      });
    }, allocationsAt * 60_000);
    allocationTimer.unref();
  }

  if (burstMb > 0 || snapshotAboveMb > 0) {
    let lastBurstLine = 0;
    const burstTimer = setInterval(() => {
      const used = mb(process.memoryUsage().heapUsed);
      if (burstMb > 0 && used >= burstMb && Date.now() - lastBurstLine >= 2000) {
        lastBurstLine = Date.now();
        write({ minute: minuteNow(), burst: used, open: openRequests() });
      }
      if (snapshotAboveMb > 0 && used >= snapshotAboveMb) {
        snapshotAboveMb = 0;
        write({ minute: minuteNow(), snapshotAt: used, open: openRequests() });
        snapshot(`burst-${used}mb`);
      }
    }, 1000);
    burstTimer.unref();
    // Requests per route and their mean time, at exit (SIGTERM from the soak's stop).
    process.on('exit', () => {
      write({ minute: minuteNow(), routes: Object.fromEntries([...finished].sort((a, b) => b[1].n - a[1].n).map(([k, v]) => [k, `${v.n} × ${Math.round(v.ms / v.n)}ms`])) });
    });
  }
}
