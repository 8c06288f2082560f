import "server-only";
import { and, desc, eq, max, sql } from "drizzle-orm";
import type { Queryable } from "@/db/client";
import { protocolVersions, studies } from "@/db/schema";
import type { StudyConfigDocument } from "@/lib/schemas/study-config";
import { refreshNextVisits } from "../../clinical/schedule-queries";

export type VersionRow = typeof protocolVersions.$inferSelect;

export function listVersionRows(tx: Queryable, studyId: number): Promise<VersionRow[]> {
  return tx
    .select()
    .from(protocolVersions)
    .where(eq(protocolVersions.studyId, studyId))
    .orderBy(desc(protocolVersions.versionNumber));
}

/** One version of the study; `lock` takes its row for a transition. */
export async function findVersion(
  tx: Queryable,
  studyId: number,
  id: number,
  lock = false,
): Promise<VersionRow | undefined> {
  const query = tx
    .select()
    .from(protocolVersions)
    .where(and(eq(protocolVersions.id, id), eq(protocolVersions.studyId, studyId)));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

/** Which version is in force: its id and number only. */
export type ActiveVersionRef = Pick<VersionRow, "id" | "versionNumber">;

/**
 * The study's active version, without its configuration document: every visit write asks for it,
 * and the document (about 19 KB for the demo study) would be read and parsed for nothing.
 */
export async function findActiveVersion(
  tx: Queryable,
  studyId: number,
): Promise<ActiveVersionRef | undefined> {
  const [row] = await tx
    .select({ id: protocolVersions.id, versionNumber: protocolVersions.versionNumber })
    .from(protocolVersions)
    .where(and(eq(protocolVersions.studyId, studyId), eq(protocolVersions.status, "active")));
  return row;
}

async function nextVersionNumber(tx: Queryable, studyId: number): Promise<number> {
  const [row] = await tx
    .select({ latest: max(protocolVersions.versionNumber) })
    .from(protocolVersions)
    .where(eq(protocolVersions.studyId, studyId));
  return (row?.latest ?? 0) + 1;
}

export type NewVersion = {
  studyId: number;
  versionLabel?: string | null;
  versionDate: string;
  effectiveFrom: string;
  amendmentReason: string;
  config: StudyConfigDocument;
  status: "draft" | "active";
  createdBy: number | null;
};

/**
 * Numbered latest + 1. Callers hold the study row's lock (FOR NO KEY UPDATE), so two versions of
 * one study are never numbered at once; the unique key would refuse it anyway.
 */
export async function insertVersion(tx: Queryable, version: NewVersion): Promise<VersionRow> {
  const versionNumber = await nextVersionNumber(tx, version.studyId);
  const active = version.status === "active";
  const [row] = await tx
    .insert(protocolVersions)
    .values({
      ...version,
      versionNumber,
      versionLabel: version.versionLabel ?? null,
      isActive: active,
      approvedBy: active ? version.createdBy : null,
      approvedAt: active ? new Date() : null,
    })
    .returning();
  return row!;
}

/** active -> superseded, the one change the database allows a non-draft version (migration 0008). */
export async function supersede(tx: Queryable, id: number, effectiveTo: string): Promise<void> {
  await tx
    .update(protocolVersions)
    .set({ status: "superseded", isActive: false, effectiveTo })
    .where(eq(protocolVersions.id, id));
}

export async function decideDraft(
  tx: Queryable,
  id: number,
  decision: { approved: true; by: number } | { approved: false; reason: string },
): Promise<VersionRow> {
  const [row] = await tx
    .update(protocolVersions)
    .set(
      decision.approved
        ? { status: "active", isActive: true, approvedBy: decision.by, approvedAt: new Date() }
        : { status: "rejected", rejectionReason: decision.reason },
    )
    .where(and(eq(protocolVersions.id, id), eq(protocolVersions.status, "draft")))
    .returning();
  return row!;
}

/** The study row locked against config writes, not against the visits' key checks. */
export async function lockStudyForVersions(tx: Queryable, studyId: number) {
  const [row] = await tx
    .select({ id: studies.id, version: studies.version, config: studies.config, code: studies.code })
    .from(studies)
    .where(eq(studies.id, studyId))
    .for("no key update");
  return row;
}

/** The config becomes the study's live one; its version moves, so cached parses (config-cache.ts) are left behind. */
export async function writeLiveConfig(
  tx: Queryable,
  studyId: number,
  config: StudyConfigDocument,
): Promise<void> {
  await tx
    .update(studies)
    .set({ config, version: sql`${studies.version} + 1`, updatedAt: new Date() })
    .where(eq(studies.id, studyId));
  // The patients' next planned visits follow the version's visit types (decision 0025).
  await refreshNextVisits(tx, { studyId, visitTypes: config.visit_types });
}
