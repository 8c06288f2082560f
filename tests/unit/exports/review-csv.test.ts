/**
 * The zip's review files, pure (decisions 0016, 0030, 0031): the column lists with and without
 * de-identification, one record per step / verified field / record, text cells under the formula
 * guard, and the review state read from the stored columns.
 */
import { describe, expect, it } from "vitest";
import { CSV_DIALECTS } from "@/lib/csv/csv-cells";
import type { ExportQuery, ExportReviewPatient } from "@/lib/exports/export-records";
import { queryStepColumns, queryStepRecords } from "@/lib/exports/query-step-rows";
import {
  formStatusColumns,
  formStatusRecords,
  reviewStaffIds,
  verificationColumns,
  verificationRecords,
} from "@/lib/exports/review-csv";
import { daysOpen, exportReview } from "@/lib/exports/review-records";
import { QUERY_EXPORT_COLUMNS } from "@/lib/schemas/queries";

const comma = CSV_DIALECTS.comma;

const patient: ExportReviewPatient = {
  id: 5,
  code: "=HYPERLINK(1)",
  review: exportReview({
    formStatus: "complete",
    completedAt: "2026-01-01T00:00:00.000Z",
    completedBy: 3,
    verification: {
      sex: { state: "verified", by: 2, at: "2026-01-02T00:00:00.000Z" },
      birth_date: {
        state: "cleared",
        by: 3,
        at: "2026-01-04T00:00:00.000Z",
        verified_by: 2,
        verified_at: "2026-01-03T00:00:00.000Z",
      },
    },
  }),
  visits: [
    {
      id: 9,
      visit_number: 1,
      visit_type: "baseline",
      review: exportReview({
        formStatus: "in_progress",
        completedAt: null,
        completedBy: null,
        verification: null,
      }),
    },
  ],
  queries: [],
};

describe("review records", () => {
  it("reads the stored verification in field order, a cleared entry keeping who verified it", () => {
    expect(patient.review.verification).toEqual([
      {
        field: "birth_date",
        state: "cleared",
        verified_by: 2,
        verified_at: "2026-01-03T00:00:00.000Z",
        cleared_by: 3,
        cleared_at: "2026-01-04T00:00:00.000Z",
      },
      {
        field: "sex",
        state: "verified",
        verified_by: 2,
        verified_at: "2026-01-02T00:00:00.000Z",
        cleared_by: null,
        cleared_at: null,
      },
    ]);
    expect(reviewStaffIds([patient]).toSorted()).toEqual([2, 3]);
  });

  it("counts whole days open, to the closing or to now", () => {
    const opened = new Date("2026-01-01T12:00:00Z");
    expect(daysOpen(opened, null, new Date("2026-01-03T11:59:59Z"))).toBe(1);
    expect(daysOpen(opened, new Date("2026-01-02T12:00:00Z"), new Date("2027-01-01T00:00:00Z"))).toBe(1);
  });

  it("writes a record per verified field and per record, text cells guarded against formulas", () => {
    const emails = new Map([
      [2, "+monitor@example.org"],
      [3, "medico@example.org"],
    ]);
    const verification = verificationRecords(
      [patient],
      verificationColumns({ deidentify: false }),
      comma,
      emails,
    );
    expect(verification.records).toBe(2);
    expect(verification.text.split("\r\n")[0]).toBe(
      "5,'=HYPERLINK(1),patient,,,birth_date,cleared,2,'+monitor@example.org,2026-01-03T00:00:00.000Z,3,medico@example.org,2026-01-04T00:00:00.000Z",
    );
    const status = formStatusRecords([patient], formStatusColumns({ deidentify: false }), comma, emails);
    expect(status.text.split("\r\n").slice(0, 2)).toEqual([
      "5,'=HYPERLINK(1),patient,,,complete,2026-01-01T00:00:00.000Z,3,medico@example.org",
      "5,'=HYPERLINK(1),visit,9,1,in_progress,,,",
    ]);
  });

  it("leaves internal ids and staff out of de-identified files", () => {
    expect(verificationColumns({ deidentify: true })).toEqual([
      "patient_code",
      "entity",
      "visit_number",
      "field",
      "state",
      "verified_at",
      "cleared_at",
    ]);
    expect(formStatusColumns({ deidentify: true })).toEqual([
      "patient_code",
      "entity",
      "visit_number",
      "form_status",
      "completed_at",
    ]);
    expect(queryStepColumns({ deidentify: false })).toEqual([...QUERY_EXPORT_COLUMNS]);
    expect(queryStepColumns({ deidentify: true })).not.toContain("step_author");
    expect(queryStepColumns({ deidentify: true })).not.toContain("assignee_id");
  });

  it("writes a query thread as a record per step, in the given columns, its text guarded", () => {
    const query: ExportQuery = {
      id: 12,
      entity_type: "visit",
      visit_id: 9,
      visit_number: 1,
      visit_type: "baseline",
      field: "pasi_score",
      status: "answered",
      assignee_id: null,
      created_at: "2026-01-01T00:00:00.000Z",
      closed_at: null,
      days_open: 2,
      steps: [
        {
          kind: "open",
          category: null,
          text: "Check, please",
          user_id: 2,
          user_name: "Ann",
          created_at: "t1",
        },
        {
          kind: "response",
          category: "other",
          text: "-5 is right",
          user_id: 3,
          user_name: null,
          created_at: "t2",
        },
      ],
    };
    const { text, records } = queryStepRecords(
      [{ queryId: 12, patientCode: "A-1", query }],
      queryStepColumns({ deidentify: false }),
      comma,
    );
    expect(records).toBe(2);
    expect(text.split("\r\n").slice(0, 2)).toEqual([
      '12,A-1,visit,1,baseline,pasi_score,answered,,open,,"Check, please",Ann,t1,2',
      "12,A-1,visit,1,baseline,pasi_score,answered,,response,other,'-5 is right,,t2,2",
    ]);
  });
});
