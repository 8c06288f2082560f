/**
 * A record's review state as the study export carries it (decisions 0016, 0030, 0031). Pure: the
 * export's SQL hands in the stored columns, this turns them into the records every writer reads
 * (the zip's `verification.csv` and `form_status.csv`, the ODM annotations).
 */
import type { FormStatus, Verification } from "@/lib/schemas/data-review";
import type { ExportReview, ExportVerification } from "./export-records";

/** The stored review columns of a patient or a visit (instants as ISO 8601 UTC text). */
export type StoredReview = {
  formStatus: FormStatus;
  completedAt: string | null;
  completedBy: number | null;
  verification: Verification | null;
};

/** The stored columns as an export record: one entry per field, in field-name order (a stable file). */
export function exportReview(stored: StoredReview): ExportReview {
  const verification: ExportVerification[] = Object.entries(stored.verification ?? {})
    .toSorted(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([field, entry]) =>
      entry.state === "verified"
        ? {
            field,
            state: "verified",
            verified_by: entry.by,
            verified_at: entry.at,
            cleared_by: null,
            cleared_at: null,
          }
        : {
            field,
            state: "cleared",
            verified_by: entry.verified_by,
            verified_at: entry.verified_at,
            cleared_by: entry.by,
            cleared_at: entry.at,
          },
    );
  return {
    form_status: stored.formStatus,
    completed_at: stored.completedAt,
    completed_by: stored.completedBy,
    verification,
  };
}

const DAY_MS = 86_400_000;

/** Whole days from opening to closing, or to `now` while open: the Queries page's `days_open`. */
export function daysOpen(openedAt: Date, closedAt: Date | null, now: Date): number {
  const end = closedAt ?? now;
  return Math.max(0, Math.floor((end.getTime() - openedAt.getTime()) / DAY_MS));
}
