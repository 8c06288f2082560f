import "server-only";
import { inArray } from "drizzle-orm";
import type { Queryable } from "@/db/client";
import { users } from "@/db/schema";

/**
 * Full names of the people a casebook names besides query authors (the verifiers of values,
 * docs/decisions/0035). Names only: a casebook prints who, never an account's other details.
 */
export async function userNamesOf(tx: Queryable, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: users.id, name: users.fullName })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.name]));
}
