// Issue 18: a query compiled once and run with each call's own arguments answers what building it anew would.
import { sql } from 'kysely';
import { reusableQuery } from '../../../server/db/reusable-query';
import { buildTestApp, type TestApp } from '../helpers';
import { createVendor } from '../factories';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('reusableQuery', () => {
  it('runs the compiled SQL with each call\'s arguments, in the order the SQL binds them', async () => {
    const first = await createVendor(t, { company: 'First Café' });
    const second = await createVendor(t, { company: 'Second Café' });
    // The arguments bind in the opposite order to the one they are declared in.
    const byCompanyAndId = reusableQuery<[id: string, company: string], { id: string }>(2, (db, id, company) =>
      db.selectFrom('vendors').select('id').where('company', '=', company).where('id', '=', id),
    );
    expect(await byCompanyAndId(t.db.kysely, first.id, 'First Café')).toEqual([{ id: first.id }]);
    expect(await byCompanyAndId(t.db.kysely, second.id, 'Second Café')).toEqual([{ id: second.id }]);
    expect(await byCompanyAndId(t.db.kysely, second.id, 'First Café')).toEqual([]);
  });

  it('refuses a query that writes an argument into the SQL text instead of binding it', async () => {
    const literal = reusableQuery<[id: string], { id: string }>(1, (db, id) => db.selectFrom('vendors').select('id').where('id', '=', sql.lit(id)));
    await expect(literal(t.db.kysely, 'x')).rejects.toThrow('bound parameters only');
  });
});
