import "server-only";
import { and, eq, ne } from "drizzle-orm";
import type { Queryable } from "@/db/client";
import { queries } from "@/db/schema";
import { messageRef } from "@/lib/i18n/message-ref";
import { fieldError } from "../api/errors";

/** The key of a correction's audit row that names the query it answers (decision 0030). */
export const CORRECTS_QUERY = "corrects_query";

/**
 * A change of a patient or a visit made to answer a data query: the query must be one of this very
 * record's and not closed (422 on `query_id` otherwise). Answers what the change's audit row adds
 * to its new values, so the correction points at its query and the query's thread can find it.
 */
export async function correctionLink(
  tx: Queryable,
  record: { studyId: number; entityType: "patient" | "visit"; entityId: number },
  queryId: number | undefined,
): Promise<Record<string, number>> {
  if (queryId === undefined) return {};
  const [query] = await tx
    .select({ id: queries.id })
    .from(queries)
    .where(
      and(
        eq(queries.id, queryId),
        eq(queries.studyId, record.studyId),
        eq(queries.entityType, record.entityType),
        record.entityType === "visit"
          ? eq(queries.visitId, record.entityId)
          : eq(queries.patientId, record.entityId),
        ne(queries.status, "closed"),
      ),
    );
  if (!query) throw fieldError(["body", "query_id"], messageRef("api.queries.notThisRecord"));
  return { [CORRECTS_QUERY]: query.id };
}

/** The audit row's values with the link added to the new ones. */
export function withCorrectionLink<
  T extends { oldValues: Record<string, unknown>; newValues: Record<string, unknown> },
>(diff: T, link: Record<string, number>): T {
  return { ...diff, newValues: { ...diff.newValues, ...link } };
}
