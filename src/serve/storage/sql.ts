/**
 * The SQL the review store needs from a database: parameterised queries with
 * `?` placeholders (the PostgreSQL driver numbers them), and transactions.
 * Both drivers run the same statements (sql-store.ts), so the SQLite tests
 * exercise the SQL layer that PostgreSQL runs too.
 */
export type SqlParam = string | number | null;
export type SqlRow = Record<string, unknown>;

export interface SqlQueryable {
  query(sql: string, params?: readonly SqlParam[]): Promise<SqlRow[]>;
}

export interface SqlDriver extends SqlQueryable {
  readonly dialect: 'sqlite' | 'postgres';
  /** Runs statements separated by semicolons (schema creation); no parameters. */
  execScript(sql: string): Promise<void>;
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: SqlQueryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** `?` placeholders to PostgreSQL's `$1, $2, …` (the store's SQL has no `?` inside string literals). */
export function numberPlaceholders(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}
