import { sql, type AnyColumn, type SQL } from "drizzle-orm";

/** `column in ('a', 'b')` from a const list, so a CHECK constraint and its TypeScript type share one source. */
export function inList(column: AnyColumn, values: readonly string[]): SQL {
  const quoted = values.map((value) => `'${value.replaceAll("'", "''")}'`).join(", ");
  return sql`${column} in (${sql.raw(quoted)})`;
}
