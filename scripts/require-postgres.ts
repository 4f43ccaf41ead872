// `npm run test:pg` guard: the PostgreSQL pass must never quietly fall back to SQLite.
const databaseUrl = process.env.DATABASE_URL?.trim() ?? '';

if (!/^postgres(ql)?:\/\//.test(databaseUrl)) {
  console.error(
    'npm run test:pg needs a PostgreSQL database: DATABASE_URL=postgres://user:pass@127.0.0.1:5432/stampwise_test npm run test:pg'
    + (databaseUrl ? ` (DATABASE_URL is "${databaseUrl.replace(/\/\/[^@/]*@/, '//…@')}")` : ' (DATABASE_URL is unset)'),
  );
  process.exit(2);
}
