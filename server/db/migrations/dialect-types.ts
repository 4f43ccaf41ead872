// The few places where SQLite and PostgreSQL need different column types.
export type Dialect = 'sqlite' | 'postgres';

export function blobType(dialect: Dialect): 'blob' | 'bytea' {
  return dialect === 'postgres' ? 'bytea' : 'blob';
}
