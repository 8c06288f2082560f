import "server-only";
import type { Tx } from "@/db/client";
import type { TherapySwitchValue } from "@/lib/forms";
import { VISIT_MESSAGES } from "@/lib/schemas/visits";
import { fieldError } from "../api/errors";
import type { AuditEntry, AuditRecorder } from "../audit/audit-writer";
import { closeLine, insertLine, linesOfPatientForUpdate, type TherapyLineRow } from "./therapy-line-queries";

type LineAudit = Pick<AuditEntry, "studyId" | "actor" | "meta">;

/** What an audit row keeps of a therapy line. */
export function auditableLine(line: TherapyLineRow) {
  return {
    patient_id: line.patientId,
    line_number: line.lineNumber,
    therapy_name: line.therapyName,
    start_date: line.startDate,
    end_date: line.endDate,
    switch_reason: line.switchReason,
    switch_data: line.switchData,
  };
}

/**
 * Where a new visit goes among the patient's lines (spec §4 therapy-switch flow), decided over the
 * lines as they stand (pure; shared by lineForNewVisit and the bulk import's batched write of new
 * patients, docs/decisions/0037-bulk-import.md): the patient's first visit opens line 1; a
 * follow-up that answers is_continuing_therapy false closes the current line (end date = the
 * visit's date, switch_reason and the switch fields kept on it) and opens the next one, which the
 * visit then belongs to (it is the first visit of the new therapy); any other visit joins the
 * current line, or the line it names.
 */
export type LinePlan =
  | { kind: "join"; index: number }
  | {
      kind: "open";
      lineNumber: number;
      /** The current line, closed by a switch. */
      close: {
        index: number;
        endDate: string;
        switchReason: string | null;
        switchData: Record<string, unknown>;
      } | null;
    };

export function planLineForNewVisit(
  lines: readonly { id?: number; lineNumber: number }[],
  p: {
    visitDate: string;
    requestedLineId: number | null | undefined;
    therapySwitch: TherapySwitchValue | null;
    hasEarlierVisit: boolean;
  },
): LinePlan {
  const currentIndex = lines.length - 1;
  const current = lines[currentIndex];
  if (p.therapySwitch?.is_continuing_therapy === false) {
    if (!p.hasEarlierVisit)
      throw fieldError(["body", "data_fields", "therapy_switch"], VISIT_MESSAGES.switchNeedsEarlierVisit);
    const { is_continuing_therapy: _c, ...switchData } = p.therapySwitch;
    const switchReason = typeof switchData.switch_reason === "string" ? switchData.switch_reason : null;
    return {
      kind: "open",
      lineNumber: (current?.lineNumber ?? 0) + 1,
      close: current ? { index: currentIndex, endDate: p.visitDate, switchReason, switchData } : null,
    };
  }
  if (p.requestedLineId !== undefined && p.requestedLineId !== null) {
    const index = lines.findIndex((line) => line.id === p.requestedLineId);
    if (index < 0) throw fieldError(["body", "therapy_line_id"], VISIT_MESSAGES.lineNotFound);
    return { kind: "join", index };
  }
  return current ? { kind: "join", index: currentIndex } : { kind: "open", lineNumber: 1, close: null };
}

/**
 * The therapy line a new visit belongs to, in the visit's transaction, by planLineForNewVisit.
 * Answers the line and the patient's lines as they are now (for the patient's maintained figures).
 */
export async function lineForNewVisit(
  tx: Tx,
  p: {
    studyId: number;
    patientId: number;
    visitDate: string;
    requestedLineId: number | null | undefined;
    therapySwitch: TherapySwitchValue | null;
    hasEarlierVisit: boolean;
    audit: AuditRecorder;
    auditBase: LineAudit;
  },
): Promise<{ lineId: number; lines: TherapyLineRow[] }> {
  const lines = await linesOfPatientForUpdate(tx, p.patientId);
  const plan = planLineForNewVisit(lines, p);
  if (plan.kind === "join") return { lineId: lines[plan.index]!.id, lines };
  const record = (action: "create" | "update", line: TherapyLineRow, before?: TherapyLineRow) =>
    p.audit({
      ...p.auditBase,
      action,
      entityType: "therapy_line",
      entityId: line.id,
      oldValues: before ? auditableLine(before) : null,
      newValues: auditableLine(line),
    });
  if (plan.close) {
    const { index, ...values } = plan.close;
    const current = lines[index]!;
    const closed = await closeLine(tx, current, values);
    record("update", closed, current);
    lines[index] = closed;
  }
  const line = await insertLine(tx, {
    studyId: p.studyId,
    patientId: p.patientId,
    lineNumber: plan.lineNumber,
    startDate: p.visitDate,
  });
  record("create", line);
  return { lineId: line.id, lines: [...lines, line] };
}
