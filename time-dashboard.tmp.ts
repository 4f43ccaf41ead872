// Temporary (not committed): times the dashboard on a copy of a soak server's SQLite database.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { openDb } from './server/db';
import { getDashboard } from './server/services/dashboard';
import { expireOverdueCards } from './server/services/stamp-expiry';
import { createInProcessActivityBus } from './server/infra/activity-bus';

async function main() {
  const [source, copy] = process.argv.slice(2);
  const reader = new SQLite(source, { readonly: true });
  await reader.backup(copy);
  reader.close();
  const db = openDb({ sqlitePath: copy });
  const raw = new SQLite(copy, { readonly: true });
  const counts = raw.prepare("SELECT (SELECT COUNT(*) FROM stamp_events) AS stamps, (SELECT COUNT(*) FROM redemptions) AS claims, (SELECT COUNT(*) FROM stamp_cards) AS cards, (SELECT COUNT(*) FROM customers) AS customers").get();
  console.log('rows', counts, 'file MB', Math.round(fs.statSync(copy).size / 1e6));
  const vendors = raw.prepare('SELECT id FROM vendors').all() as Array<{ id: string }>;
  const deps = { db, now: Date.now, activityBus: createInProcessActivityBus() } as never;
  for (const { id } of vendors) {
    const times: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const started = performance.now();
      await expireOverdueCards(deps, { vendorId: id });
      await getDashboard(deps, id, 0);
      times.push(Math.round(performance.now() - started));
    }
    console.log(id, 'dashboard ms', times.join(', '));
  }
  await db.close();
  raw.close();
}
void main();
