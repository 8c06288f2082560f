import "server-only";
import type { Tx } from "@/db/client";
import type { TherapySwitchValue } from "@/lib/forms";
import { VISIT_MESSAGES } from "@/lib/schemas/visits";
import { fieldError } from "../api/errors";
import type { AuditEntry, AuditRecorder } from "../audit/audit-writer";
import { closeLine, insertLine, linesOfPatientForUpdate, type TherapyLineRow } from "./therapy-line-queries";

type LineAudit = Pick<AuditEntry, "studyId" | "actor" | "meta">;

function lineValues(line: TherapyLineRow) {
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
 * The therapy line a new visit belongs to, in the visit's transaction (spec §4 therapy-switch flow):
 * the patient's first visit opens line 1; a follow-up that answers is_continuing_therapy false
 * closes the current line (end date = the visit's date, switch_reason and the switch fields kept on
 * it) and opens the next one, which the visit then belongs to (it is the first visit of the new
 * therapy); any other visit joins the current line, or the line it names. Answers the line and
 * the patient's lines as they are now (for the patient's maintained figures).
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
  const record = (action: "create" | "update", line: TherapyLineRow, before?: TherapyLineRow) =>
    p.audit({
      ...p.auditBase,
      action,
      entityType: "therapy_line",
      entityId: line.id,
      oldValues: before ? lineValues(before) : null,
      newValues: lineValues(line),
    });
  const open = async (lineNumber: number) => {
    const line = await insertLine(tx, {
      studyId: p.studyId,
      patientId: p.patientId,
      lineNumber,
      startDate: p.visitDate,
    });
    record("create", line);
    return { lineId: line.id, lines: [...lines, line] };
  };

  if (p.therapySwitch?.is_continuing_therapy === false) {
    if (!p.hasEarlierVisit)
      throw fieldError(["body", "data_fields", "therapy_switch"], VISIT_MESSAGES.switchNeedsEarlierVisit);
    const current = lines.at(-1);
    if (current) {
      const { is_continuing_therapy: _c, ...switchData } = p.therapySwitch;
      const reason = typeof switchData.switch_reason === "string" ? switchData.switch_reason : null;
      const closed = await closeLine(tx, current, { endDate: p.visitDate, switchReason: reason, switchData });
      record("update", closed, current);
      lines[lines.length - 1] = closed;
    }
    return open((current?.lineNumber ?? 0) + 1);
  }
  if (p.requestedLineId !== undefined && p.requestedLineId !== null) {
    if (!lines.some((line) => line.id === p.requestedLineId))
      throw fieldError(["body", "therapy_line_id"], VISIT_MESSAGES.lineNotFound);
    return { lineId: p.requestedLineId, lines };
  }
  const current = lines.at(-1);
  return current ? { lineId: current.id, lines } : open(1);
}
