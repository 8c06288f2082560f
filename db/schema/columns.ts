import { integer, timestamp } from "drizzle-orm/pg-core";

/**
 * The columns many tables share, written once: an instant is always `timestamptz` (a clinical
 * record's time never depends on the server's zone), creation and update default to now, a soft
 * delete is a nullable instant, and optimistic concurrency (docs/decisions/0007) is an integer
 * version starting at 1. Each call builds a fresh column, as drizzle needs one per table.
 */
export const instant = (name: string) => timestamp(name, { withTimezone: true });

export const createdAt = () => instant("created_at").notNull().defaultNow();

export const updatedAt = () => instant("updated_at").notNull().defaultNow();

/** Clinical records are never erased: deletion is this timestamp plus an audit entry. */
export const deletedAt = () => instant("deleted_at");

export const version = () => integer("version").notNull().default(1);
