import "server-only";
import type { z } from "zod";
import { WARNING_ISSUE_TYPE } from "@/lib/forms/plausibility";
import type { ImportIssue, ImportedPatient } from "@/lib/imports/import-records";
import { messageRef } from "@/lib/i18n/message-ref";
import { PATIENT_COLUMNS } from "@/lib/schemas/patients";
import { normalizeGroupCode } from "@/lib/schemas/users";
import { zodMessage } from "@/lib/schemas/zod-messages";
import { ApiError, fromDatabaseError } from "../api/errors";
import type { RequestMeta } from "../api/request-meta";
import type { Actor } from "../auth/actor";

/**
 * One imported record tried against the form save's rules (docs/decisions/0037-bulk-import.md),
 * whichever way it is then written: parsed with the API's own schema (the same messages as a
 * request), then handed to the form save's check; a refusal becomes issues of the report on the
 * record's row, in the engine's words. A record refused only for unconfirmed plausibility warnings
 * is tried again with them confirmed: the preview listed them, and applying the file is the user's
 * confirmation.
 */

export type RecordOutcome = "create" | "update" | "unchanged" | "refused";

export type GroupOutcome = {
  patient: RecordOutcome;
  visits: Record<RecordOutcome, number>;
  issues: ImportIssue[];
};

export type ImportWriteContext = {
  actor: Actor;
  studyId: number;
  meta: RequestMeta;
  /** The reason of every change of an existing record (the job's, in its language). */
  reason: string;
  /** Marks each audit entry of the import, so the trail points at its job. */
  importJobId: number;
};

/** `attempt` may run more than once (the retry with warnings confirmed): it must change nothing it keeps. */
export async function attemptRecord<S extends z.ZodType, T>(
  row: number | null,
  schema: S,
  body: Record<string, unknown>,
  attempt: (parsed: z.output<S>) => T | Promise<T>,
): Promise<{ result: T | null; issues: ImportIssue[] }> {
  const parsed = schema.safeParse(body, { error: zodMessage });
  if (!parsed.success)
    return {
      result: null,
      issues: parsed.error.issues.map((issue) =>
        issueAt(row, fieldOfPath(["body", ...issue.path.map(String)]), issue.code, {
          message: issue.message,
        }),
      ),
    };
  let warnings: ImportIssue[] = [];
  let confirmed: string[] | undefined;
  for (;;) {
    const input = confirmed ? { ...(parsed.data as object), confirmed_warnings: confirmed } : parsed.data;
    try {
      return { result: await attempt(input as z.output<S>), issues: warnings };
    } catch (error) {
      const refusal = error instanceof ApiError ? error : fromDatabaseError(error);
      if (!refusal) throw error;
      const issues = refusalIssues(refusal, row);
      if (!confirmed && issues.length > 0 && issues.every((issue) => !issue.blocking)) {
        warnings = issues;
        confirmed = issues.map((issue) => issue.code);
        continue;
      }
      return { result: null, issues: [...warnings, ...issues] };
    }
  }
}

/**
 * An imported patient's values split into the patient's columns and the study's fields, and its
 * medical group's id (undefined when the file names none; an issue when the study has no such group).
 */
export function patientParts(
  patient: ImportedPatient,
  groups: ReadonlyMap<string, number>,
  row: number | null,
):
  | {
      columns: Record<string, unknown>;
      customFields: Record<string, unknown>;
      medicalGroupId: number | undefined;
      issue?: undefined;
    }
  | { issue: ImportIssue } {
  const columns: Record<string, unknown> = {};
  const customFields: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(patient.values)) {
    if ((PATIENT_COLUMNS as readonly string[]).includes(name)) columns[name] = value;
    else customFields[name] = value;
  }
  let medicalGroupId: number | undefined;
  if (patient.medical_group !== undefined) {
    // Codes are stored as the API writes them (capitals): a file may spell them either way.
    medicalGroupId = groups.get(normalizeGroupCode(patient.medical_group));
    if (medicalGroupId === undefined)
      return {
        issue: issueAt(row, "medical_group", "unknown_medical_group", {
          message: messageRef("api.imports.unknownMedicalGroup", { code: patient.medical_group }),
        }),
      };
  }
  return { columns, customFields, medicalGroupId };
}

/** A group whose file issues block it: nothing of it is tried. */
export function refusedGroup(visitCount: number, issues: ImportIssue[]): GroupOutcome {
  return {
    patient: "refused",
    visits: { create: 0, update: 0, unchanged: 0, refused: visitCount },
    issues,
  };
}

/** A refusal's issues, on the record's row and the field its location names. */
function refusalIssues(refusal: ApiError, row: number | null): ImportIssue[] {
  if (typeof refusal.detail === "string")
    return [issueAt(row, null, refusal.type ?? refusal.code, { message: refusal.detail })];
  return refusal.detail.map((issue) =>
    issue.type === WARNING_ISSUE_TYPE
      ? issueAt(row, fieldOfPath(issue.loc), issue.code ?? issue.type, {
          message: issue.msg,
          blocking: false,
        })
      : issueAt(row, fieldOfPath(issue.loc), issue.type, { message: issue.msg }),
  );
}

/** `body.custom_fields.weight`, `body.data_fields.x.0.y`, `body.birth_date`: the field named. */
function fieldOfPath(loc: readonly (string | number)[]): string | null {
  const [, first, second] = loc;
  if (first === "custom_fields" || first === "data_fields" || first === "missing")
    return second === undefined ? null : String(second);
  return first === undefined ? null : String(first);
}

export function issueAt(
  row: number | null,
  field: string | null,
  code: string,
  { message, blocking = true }: { message: string; blocking?: boolean },
): ImportIssue {
  return { row, column: field, field, code, message, blocking };
}
