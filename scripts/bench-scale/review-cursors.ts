/**
 * Deep positions of the data-review lists (decisions 0030, 0031) for the keyset scenarios, made with
 * the lists' own cursor codec (lib/server/api/keyset-cursor.ts) at a row 90% down the list, where
 * walking there page by page would take thousands of requests. The terms are the lists' own (a
 * cursor of other terms is a 422, so a drift shows as a failed probe, never as a cheap page).
 */
import type { Queryable } from "@/db/client";
import { writeKeysetCursor } from "@/lib/server/api/keyset-cursor";
import { queryRows } from "./seed";

/** How far down the list the deep scenarios start. */
export const DEEP_FRACTION = 0.9;

export type ReviewCursors = {
  /** After the query 90% down the study's queries, newest first (GET /api/queries, order desc). */
  queries: string | null;
  /** After the visit 90% down the study's live visits by (patient, visit number) (GET /api/sdv). */
  sdv: string | null;
};

export async function reviewDeepCursors(db: Queryable, studyId: number): Promise<ReviewCursors> {
  const [queries] = await queryRows<{ n: number | string }>(
    db,
    `SELECT count(*) AS n FROM queries WHERE study_id = ${studyId}`,
  );
  const queryDepth = Math.floor(Number(queries?.n ?? 0) * DEEP_FRACTION);
  // created_at as PostgreSQL's text, as the list keys its cursor (microseconds kept).
  const [query] = await queryRows<{ key: string; id: number }>(
    db,
    `SELECT created_at::text AS key, id FROM queries WHERE study_id = ${studyId}
     ORDER BY created_at DESC, id DESC OFFSET ${Math.max(0, queryDepth - 1)} LIMIT 1`,
  );
  const [visits] = await queryRows<{ n: number | string }>(
    db,
    `SELECT count(*) AS n FROM visits WHERE study_id = ${studyId} AND deleted_at IS NULL`,
  );
  const visitDepth = Math.floor(Number(visits?.n ?? 0) * DEEP_FRACTION);
  const [visit] = await queryRows<{ patient_id: number; visit_number: number }>(
    db,
    `SELECT v.patient_id, v.visit_number FROM visits v JOIN patients p ON p.id = v.patient_id
     WHERE v.study_id = ${studyId} AND v.deleted_at IS NULL AND p.deleted_at IS NULL
     ORDER BY v.patient_id, v.visit_number OFFSET ${Math.max(0, visitDepth - 1)} LIMIT 1`,
  );
  return {
    queries: query
      ? writeKeysetCursor({ list: "queries", order: "desc" }, { key: query.key, id: Number(query.id) })
      : null,
    sdv: visit
      ? writeKeysetCursor({ list: "sdv" }, { key: String(visit.patient_id), id: Number(visit.visit_number) })
      : null,
  };
}
