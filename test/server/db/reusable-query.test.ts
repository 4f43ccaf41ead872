// A query compiled once and run with each call's own arguments answers what building it anew would.
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

  it('compiles once for a database handle and its transactions, and runs inside the transaction', async () => {
    const vendor = await createVendor(t, { company: 'Before Café' });
    let builds = 0;
    const companyOf = reusableQuery<[id: string], { company: string }>(1, (db, id) => {
      builds += 1;
      return db.selectFrom('vendors').select('company').where('id', '=', id);
    });
    expect(await companyOf(t.db.kysely, vendor.id)).toEqual([{ company: 'Before Café' }]);
    // Inside the transaction it sees the transaction's own uncommitted change.
    const inside = await t.db.kysely.transaction().execute(async (trx) => {
      await trx.updateTable('vendors').set({ company: 'During Café' }).where('id', '=', vendor.id).execute();
      return companyOf(trx, vendor.id);
    });
    expect(inside).toEqual([{ company: 'During Café' }]);
    expect(await companyOf(t.db.kysely, vendor.id)).toEqual([{ company: 'During Café' }]);
    expect(builds).toBe(1);
  });

  it('binds null arguments', async () => {
    const vendor = await createVendor(t, { company: 'Null Café' });
    const whenNull = reusableQuery<[id: string, value: string | null], { id: string }>(2, (db, id, value) =>
      db.selectFrom('vendors').select('id').where('id', '=', id).where(sql<boolean>`COALESCE(${value}, 'none') = 'none'`),
    );
    expect(await whenNull(t.db.kysely, vendor.id, null)).toEqual([{ id: vendor.id }]);
    expect(await whenNull(t.db.kysely, vendor.id, 'some')).toEqual([]);
  });

  it('keeps the values the query binds itself, and refuses one worked out from an argument', async () => {
    const vendor = await createVendor(t, { company: 'Constant Café' });
    const withConstant = reusableQuery<[id: string], { id: string }>(1, (db, id) =>
      db.selectFrom('vendors').select('id').where('id', '=', id).where('company', '=', 'Constant Café'),
    );
    expect(await withConstant(t.db.kysely, vendor.id)).toEqual([{ id: vendor.id }]);
    const derived = reusableQuery<[company: string], { id: string }>(1, (db, company) => db.selectFrom('vendors').select('id').where('company', 'like', `${company}%`));
    await expect(derived(t.db.kysely, 'Constant')).rejects.toThrow('bound parameters only');
  });

  it('refuses a query that writes an argument into the SQL text instead of binding it', async () => {
    const literal = reusableQuery<[id: string], { id: string }>(1, (db, id) => db.selectFrom('vendors').select('id').where('id', '=', sql.lit(id)));
    await expect(literal(t.db.kysely, 'x')).rejects.toThrow('bound parameters only');
  });
});
