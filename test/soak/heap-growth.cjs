// Dev-only: how far V8 lets its heap grow past what stays alive, with and without a limit on the old
// generation. Keeps about 40 MB of objects alive and, for 25 s, makes request-like garbage (rows and their
// JSON, each kept 100–200 ms, so much of it outlives the young generation), then prints the highest heap
// used, heap reserved and RSS. Compare:
//   node test/soak/heap-growth.cjs
//   node --max-old-space-size=512 test/soak/heap-growth.cjs
'use strict';
const RUN_MS = 25_000;
const kept = [];
for (let i = 0; i < 600; i += 1) kept.push(Array.from({ length: 2000 }, (_, j) => ({ id: `k${i}-${j}`, n: j })));
const inFlight = [];
let highUsed = 0;
let highTotal = 0;
let highRss = 0;
const started = Date.now();
function request() {
  const rows = Array.from({ length: 300 }, (_, j) => ({ id: `r${Math.random()}`, value: j, label: `${'x'.repeat(40)}${j}` }));
  inFlight.push({ rows, body: JSON.stringify(rows) });
  setTimeout(() => inFlight.shift(), 100 + Math.random() * 100);
}
const mb = (bytes) => Math.round(bytes / 1048576);
const timer = setInterval(() => {
  for (let i = 0; i < 20; i += 1) request();
  const usage = process.memoryUsage();
  highUsed = Math.max(highUsed, usage.heapUsed);
  highTotal = Math.max(highTotal, usage.heapTotal);
  highRss = Math.max(highRss, usage.rss);
  if (Date.now() - started < RUN_MS) return;
  clearInterval(timer);
  const flags = process.execArgv.join(' ') || 'default limit';
  console.log(`${flags}: ${kept.length} kept lists; highest heap used ${mb(highUsed)} MB, heap reserved ${mb(highTotal)} MB, RSS ${mb(highRss)} MB`);
}, 5);
