// Dev-only: loaded into a soak server with NODE_OPTIONS=--require (SOAK_MEMORY_DIR=<dir> npm run test:soak).
// Every 30 s it appends the process's memory to <dir>/<label>-<pid>.jsonl: RSS, the JS heap (used and
// reserved), memory held outside the heap by JS objects, and V8's own malloc; with
// MEMORY_PROBE_SNAPSHOT_MINUTES=4,14 it also writes a heap snapshot at those minutes (writing one
// raises the RSS for good, so runs that measure the RSS take none).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const v8 = require('node:v8');

const dir = process.env.MEMORY_PROBE_DIR;
if (dir) {
  const label = process.env.MEMORY_PROBE_LABEL || 'server';
  const file = path.join(dir, `${label}-${process.pid}.jsonl`);
  const started = Date.now();
  const snapshotAt = (process.env.MEMORY_PROBE_SNAPSHOT_MINUTES || '').split(',').filter(Boolean).map(Number);
  const mb = (bytes) => Math.round(bytes / 1048576);
  const timer = setInterval(() => {
    const minute = (Date.now() - started) / 60000;
    const usage = process.memoryUsage();
    const heap = v8.getHeapStatistics();
    const line = { minute: Number(minute.toFixed(1)), rss: mb(usage.rss), heapUsed: mb(usage.heapUsed), heapTotal: mb(usage.heapTotal), external: mb(usage.external), v8Malloced: mb(heap.malloced_memory) };
    fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
    const due = snapshotAt.findIndex((at) => minute >= at);
    if (due >= 0) {
      snapshotAt.splice(due, 1);
      v8.writeHeapSnapshot(path.join(dir, `${label}-${process.pid}-${Math.round(minute)}min.heapsnapshot`));
    }
  }, 30_000);
  timer.unref();
}
