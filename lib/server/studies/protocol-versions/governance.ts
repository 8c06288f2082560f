import "server-only";
import { messageList, messageRef } from "@/lib/i18n/message-ref";
import type { Queryable } from "@/db/client";
import { PROTOCOL_VERSION_MESSAGES } from "@/lib/schemas/protocol-versions";
import type { StudyConfigDocument } from "@/lib/schemas/study-config";
import { conflict } from "../../api/errors";
import { studyHasPatients } from "../../clinical/compatibility-queries";
import { recordSavedConfig, type VersionAuditBase } from "./in-force";
import { compatibilityWithLive } from "./version-service";
import { findActiveVersion } from "./version-queries";

/**
 * The rule of a direct Save Study that changes the config (decision 0013). Design phase
 * (no patient, no version yet): nothing to do, the save just writes the config. Otherwise the change
 * is checked against the stored data when there are patients — breaking is refused with 409 naming
 * each breaking change and the amendment workflow — and kept as the new active version. Runs in the
 * save's transaction, with the study row locked by it, before the config is written.
 */
export async function governConfigChange(
  tx: Queryable,
  studyId: number,
  live: StudyConfigDocument | null,
  next: StudyConfigDocument,
  base: VersionAuditBase,
): Promise<void> {
  const hasPatients = await studyHasPatients(tx, studyId);
  if (!hasPatients && !(await findActiveVersion(tx, studyId))) return;
  // An unreadable live config cannot be compared; replacing it is the repair the 409 asks for.
  if (hasPatients && live) {
    const report = await compatibilityWithLive(tx, studyId, live, next);
    if (!report.compatible) {
      const list = messageList(report.breaking_changes.map((change) => change.message));
      throw conflict(
        messageRef("api.protocolVersions.breakingSaveList", {
          summary: PROTOCOL_VERSION_MESSAGES.breakingSave(report.breaking_changes.length),
          list,
        }),
      );
    }
  }
  await recordSavedConfig(tx, studyId, next, base);
}
