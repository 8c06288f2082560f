import "server-only";
import {
  getTableColumns,
  getTableName,
  sql,
  type InferInsertModel,
  type InferSelectModel,
} from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Tx } from "@/db/client";
import { patients, therapyLines, visits } from "@/db/schema";
import type { PatientInsert, PatientRow } from "./patient-queries";
import type { TherapyLineRow } from "./therapy-line-queries";
import type { VisitInsert, VisitRow } from "./visit-queries";

/**
 * Many new records in few statements, for the bulk import's new patients
 * (docs/decisions/0037-bulk-import.md). A slice of rows travels as ONE JSON parameter read back by
 * `jsonb_to_recordset`, not as a multi-row VALUES list: building and sending tens of thousands of
 * parameters cost more than the insert itself. Rows come back through the columns' own mappings,
 * exactly as drizzle's `returning()` gives them.
 */
const ROWS_PER_STATEMENT = 2_000;

export function insertPatientsInBulk(tx: Tx, rows: PatientInsert[]): Promise<PatientRow[]> {
  return insertFromJson(tx, patients, rows);
}

export function insertLinesInBulk(
  tx: Tx,
  rows: (typeof therapyLines.$inferInsert)[],
): Promise<TherapyLineRow[]> {
  return insertFromJson(tx, therapyLines, rows);
}

export function insertVisitsInBulk(tx: Tx, rows: VisitInsert[]): Promise<VisitRow[]> {
  return insertFromJson(tx, visits, rows);
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const JSON_TYPES = new Set(["json", "jsonb"]);

/** Every row names the same columns (the first row's); the others take their defaults. */
async function insertFromJson<T extends PgTable>(
  tx: Tx,
  table: T,
  rows: InferInsertModel<T>[],
): Promise<InferSelectModel<T>[]> {
  if (rows.length === 0) return [];
  const columns = getTableColumns(table);
  const keys = Object.keys(rows[0]!).filter((key) => (rows[0] as Record<string, unknown>)[key] !== undefined);
  for (const row of rows)
    if (
      Object.keys(row).filter((key) => (row as Record<string, unknown>)[key] !== undefined).length !==
      keys.length
    )
      throw new Error(`insertFromJson: the rows for ${getTableName(table)} name different columns`);
  const named = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`insertFromJson: ${getTableName(table)} has no column ${key}`);
    return { key, column, name: ident(column.name), json: JSON_TYPES.has(column.getSQLType()) };
  });
  const list = sql.raw(named.map((c) => c.name).join(", "));
  const read = sql.raw(named.map((c) => `r.${c.name}`).join(", "));
  const shape = sql.raw(named.map((c) => `${c.name} ${c.column.getSQLType()}`).join(", "));
  const inserted: InferSelectModel<T>[] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const payload = rows.slice(start, start + ROWS_PER_STATEMENT).map((row) => {
      const out: Record<string, unknown> = {};
      for (const { key, column, json } of named) {
        const value = (row as Record<string, unknown>)[key];
        // A JSON column's value is the JSON itself, any other the text its column writes.
        out[column.name] = value === null || json ? value : column.mapToDriverValue(value);
      }
      return out;
    });
    const result = await tx.execute(
      sql`insert into ${table} (${list}) select ${read} from jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) as r(${shape}) returning *`,
    );
    for (const raw of (result as unknown as { rows: Record<string, unknown>[] }).rows) {
      const row: Record<string, unknown> = {};
      for (const [key, column] of Object.entries(columns)) {
        const value = raw[column.name];
        row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
      }
      inserted.push(row as InferSelectModel<T>);
    }
  }
  return inserted;
}
