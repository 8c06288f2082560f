import "server-only";
import { sql } from "drizzle-orm";
import type { Queryable } from "@/db/client";

/**
 * Names the database a checkpoint describes, as the server itself reports it (not from a
 * connection string, which differs between hosts and roles): the cluster's system identifier,
 * set once by initdb, and the database's name.
 */
export async function databaseIdentity(db: Queryable): Promise<string> {
  const result = await db.execute<{ system: string; name: string }>(
    sql`select system_identifier::text as system, current_database() as name from pg_control_system()`,
  );
  const row = (result as unknown as { rows: { system: string; name: string }[] }).rows[0];
  if (!row) throw new Error("The database did not report its identity");
  return `${row.name}@${row.system}`;
}
