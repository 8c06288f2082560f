import type { z } from "zod";
import { EMPTY_IMPORT_COUNTS, type ImportJobResponse } from "@/lib/schemas/import-jobs";
import type { ImportPageProps } from "@/components/study-import/import-page";

export type Job = z.input<typeof ImportJobResponse>;

/** An import job of study 3 as the API answers it; `extra` sets what a test is about. */
export const jobFixture = (id: number, extra: Partial<Job> = {}): Job => ({
  id,
  study_id: 3,
  format: "csv-long",
  mode: "preview",
  state: "queued",
  file_name: "visits.csv",
  file_sha256: "a".repeat(64),
  file_bytes: 2048,
  preview_job_id: null,
  check_reused: false,
  created_by: 7,
  created_by_email: "dm@example.org",
  created_at: "2026-03-04T10:00:00.000Z",
  started_at: null,
  finished_at: null,
  rows_done: 0,
  rows_per_second: null,
  eta_seconds: null,
  progress: 0,
  counts: EMPTY_IMPORT_COUNTS,
  events: [],
  ignored_columns: [],
  issues: [],
  error: null,
  ...extra,
});

/** A finished preview of 3 patients and 7 visits, one warning. */
export const previewed = (id: number, extra: Partial<Job> = {}): Job =>
  jobFixture(id, {
    state: "previewed",
    started_at: "2026-03-04T10:00:01.000Z",
    finished_at: "2026-03-04T10:00:03.000Z",
    rows_done: 7,
    rows_per_second: 4,
    progress: 1,
    counts: {
      ...EMPTY_IMPORT_COUNTS,
      rows: 7,
      patients_create: 3,
      patients_update: 1,
      patients_unchanged: 2,
      visits_create: 7,
      visits_update: 2,
      visits_unchanged: 5,
      issues: 1,
    },
    issues: [
      {
        row: 4,
        column: "medical_group",
        field: null,
        code: "medical_group_differs",
        message: "Patient PT-2 is in another medical group in the registry",
        blocking: false,
      },
    ],
    ...extra,
  });

export const PROPS: ImportPageProps = {
  studyId: 3,
  studyName: "Psoriasis Registry",
  visitTypes: [
    { code: "baseline", label: "Baseline" },
    { code: "week_4", label: "Week 4" },
  ],
  locked: false,
};
