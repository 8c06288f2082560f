/**
 * The role × endpoint matrix's table and fixtures (decision 0004): what each route of the route
 * table (lib/schemas/api-contracts.ts) needs, what it acts on and a valid request for it, with the
 * callers and the two studies they are called on. tests/api/role-matrix.test.ts calls every cell;
 * tests/api/data-lock-contracts.test.ts calls the writes against a locked study and a frozen
 * patient (docs/decisions/0034-patient-and-study-lock.md). A route missing here fails both.
 */
import { and, eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import { getDb } from "@/db/client";
import {
  apiTokens,
  auditLogs,
  contentBlocks,
  fieldTemplates,
  medicalGroups,
  notifications,
  patients,
  protocolVersions,
  queries,
  recoveryCodes,
  studies,
  userStudyRoles,
  users,
} from "@/db/schema";
import type { StudyRole } from "@/db/schema/study-roles";
import { dictionaryCsv } from "@/lib/dictionary";
import { StudyConfigSchema } from "@/lib/schemas/study-config-rules";
import { openSession } from "@/lib/server/auth/auth-service";
import { flushDenials } from "@/lib/server/audit/denial-aggregator";
import { hashPassword } from "@/lib/server/auth/password";
import {
  hasPlatformPermission,
  isSuperuser,
  patientInScope,
  studyAccess,
  type Permission,
  type PlatformPermission,
  type PolicyActor,
} from "@/lib/server/auth/policy";
import { signAccessToken } from "@/lib/server/auth/tokens";
import { seal } from "@/lib/server/auth/sealed-secret";
import { generate, generateSecret } from "otplib";
import { callerFor, createStudy, patientBody, type Caller } from "./clinical-fixtures";
import { createUser } from "./helpers";
import { IMPORT_CSV, IMPORT_FIELDS, importJobOf } from "./import-fixtures";
import { callRoute, routeKey, type CallRequest } from "./route-call";

/** What a route needs: nothing, a session, a platform permission, or a permission on its target. */
export type Need =
  | { kind: "public" }
  | { kind: "session" }
  | { kind: "platform"; permission: PlatformPermission }
  | { kind: "superuser" }
  | { kind: "study"; permission: Permission }
  | { kind: "patient"; permission: Permission };

/** What the call is about; created fresh for a cell when the call changes or consumes it. */
export type TargetKind =
  | "none"
  | "study"
  | "patient"
  | "visit"
  | "locked-visit"
  | "complete-visit"
  | "complete-patient"
  | "frozen-patient"
  | "group"
  | "assignment"
  | "user"
  | "template"
  | "content"
  | "file"
  | "query"
  | "closed-query";

export type Target = {
  study: StudyFixture;
  patientId: number;
  visitId: number;
  groupId: number;
  assignmentId: number;
  userId: number;
  templateId: number;
  contentId: number;
  fileId: string;
  /** An open data query on the target visit's PASI (decision 0030). */
  queryId: number;
};

export type CellContext = { target: Target; actor: ActorFixture; n: number };

const PDF_BYTES = new TextEncoder().encode("%PDF-1.7\n%%EOF\n");
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

export type Rule = {
  need: Need;
  target: TargetKind;
  /** The call changes or consumes its target: a fresh one per cell. */
  fresh?: boolean;
  /** The call ends the caller's session(s): the caller gets a new one afterwards. */
  endsSessions?: boolean;
  request: (ctx: CellContext) => CallRequest | Promise<CallRequest>;
  /** Puts back what the call changed for the cells after it (a study lock is lifted). */
  after?: (ctx: CellContext) => Promise<void>;
};

/** A study's lock set or lifted in the database (docs/decisions/0034-patient-and-study-lock.md). */
export async function setStudyLocked(studyId: number, locked: boolean): Promise<void> {
  const db = await getDb();
  await db
    .update(studies)
    .set(locked ? { lockedAt: new Date(), lockedBy: admin.userId } : { lockedAt: null, lockedBy: null })
    .where(eq(studies.id, studyId));
}

/** A patient's freeze set or lifted in the database (docs/decisions/0034-patient-and-study-lock.md). */
export async function setPatientFrozen(patientId: number, frozen: boolean): Promise<void> {
  const db = await getDb();
  await db
    .update(patients)
    .set(frozen ? { lockedAt: new Date(), lockedBy: admin.userId } : { lockedAt: null, lockedBy: null })
    .where(eq(patients.id, patientId));
}

const efficacy = (pasi: number) => ({
  current_therapy: "adalimumab",
  pasi_score: pasi,
  adverse_event: false,
});
export const REASON = "role matrix check";

async function liveConfigOf(studyId: number) {
  const db = await getDb();
  const [row] = await db.select({ config: studies.config }).from(studies).where(eq(studies.id, studyId));
  return row!.config;
}

/** A draft amendment of the study holding its live config, numbered apart for each cell. */
async function draftVersion(studyId: number, n: number) {
  const db = await getDb();
  const [row] = await db
    .insert(protocolVersions)
    .values({
      studyId,
      versionNumber: 10_000 + n,
      versionDate: "2025-01-01",
      effectiveFrom: "2025-01-01",
      amendmentReason: REASON,
      config: await liveConfigOf(studyId),
    })
    .returning({ id: protocolVersions.id });
  return row!.id;
}

/** Every contract's requirement and call (keyed "METHOD path" as in the route table). */
/** No second factor and no enrolment under way: each enrolment cell starts from the same state. */
async function clearSecondFactor(userId: number) {
  const db = await getDb();
  await db.update(users).set({ totpSecret: null, totpEnabledAt: null }).where(eq(users.id, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

/**
 * A signature by the cell's caller: their identity recorded as verified and the target's query
 * closed first, so a signer's cell answers 2xx and every other one is refused by role or scope.
 */
async function signingRequest(ctx: CellContext, id: number): Promise<CallRequest> {
  const db = await getDb();
  await db
    .update(queries)
    .set({ status: "closed", closedAt: new Date() })
    .where(eq(queries.patientId, ctx.target.patientId));
  if (ctx.actor.user)
    await db
      .update(users)
      .set({ identityVerifiedAt: new Date(), identityVerificationMethod: "role matrix" })
      .where(eq(users.id, ctx.actor.user.id));
  return {
    params: { id: String(id) },
    body: {
      meaning: "approve",
      email: ctx.actor.user?.email ?? "nobody@example.org",
      password: ctx.actor.password,
    },
  };
}

export const RULES: Record<string, Rule> = {
  "POST /api/auth/login": {
    need: { kind: "public" },
    target: "none",
    request: () => ({ body: { email: loginUser.email, password: loginUser.password } }),
  },
  "POST /api/auth/refresh": {
    need: { kind: "public" },
    target: "none",
    request: async () => {
      const db = await getDb();
      const { refreshToken } = await openSession(db, loginUser, "api", META);
      return { body: { refresh_token: refreshToken } };
    },
  },
  "GET /api/auth/me": { need: { kind: "session" }, target: "none", request: () => ({}) },
  "POST /api/auth/logout": {
    need: { kind: "session" },
    target: "none",
    endsSessions: true,
    request: () => ({}),
  },
  "POST /api/auth/password": {
    need: { kind: "session" },
    target: "none",
    endsSessions: true,
    request: ({ actor, n }) => ({
      body: { current_password: actor.password, new_password: `matrix passphrase ${n}` },
    }),
  },
  "PUT /api/auth/me/locale": {
    need: { kind: "session" },
    target: "none",
    request: ({ n }) => ({ body: { locale: n % 2 === 0 ? "it" : "en" } }),
  },
  // Personal API tokens (docs/decisions/0036-personal-api-tokens.md): made for a study the caller
  // can read, listed and revoked by their owner.
  "POST /api/auth/tokens": {
    need: { kind: "study", permission: "study.read" },
    target: "study",
    request: ({ target, n }) => ({
      body: {
        name: `matrix ${n}`,
        expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        study_id: target.study.id,
        access: "read",
      },
    }),
  },
  "GET /api/auth/tokens": { need: { kind: "session" }, target: "none", request: () => ({}) },
  "DELETE /api/auth/tokens/{id}": {
    need: { kind: "session" },
    target: "none",
    request: async ({ actor, n }) => {
      if (!actor.user) return { params: { id: "1" } };
      const db = await getDb();
      const [token] = await db
        .insert(apiTokens)
        .values({
          userId: actor.user.id,
          name: `matrix ${n}`,
          tokenHash: `matrix-${process.pid}-${n}`,
          studyId: home.id,
          access: "read",
          expiresAt: new Date(Date.now() + 86_400_000),
        })
        .returning({ id: apiTokens.id });
      return { params: { id: String(token!.id) } };
    },
  },
  "POST /api/auth/register": {
    need: { kind: "platform", permission: "users.create" },
    target: "none",
    request: ({ n }) => ({ body: newUserBody(n) }),
  },
  "GET /api/studies": { need: { kind: "session" }, target: "none", request: () => ({}) },
  "POST /api/studies": {
    need: { kind: "platform", permission: "studies.create" },
    target: "none",
    request: ({ n }) => ({
      body: { code: `matrix_${process.pid}_${n}`, name: "Matrix", disease: "Psoriasis" },
    }),
  },
  "GET /api/studies/{id}": {
    need: { kind: "study", permission: "study.read" },
    target: "study",
    request: ({ target }) => ({ params: { id: String(target.study.id) } }),
  },
  "PUT /api/studies/{id}": {
    need: { kind: "study", permission: "study.configure" },
    target: "study",
    request: async ({ target }) => {
      const db = await getDb();
      const [row] = await db
        .select({ version: studies.version })
        .from(studies)
        .where(eq(studies.id, target.study.id));
      return {
        params: { id: String(target.study.id) },
        body: { version: row!.version, name: "Clinical Study" },
      };
    },
  },
  "GET /api/studies/{id}/field-schema": {
    need: { kind: "study", permission: "study.read" },
    target: "study",
    request: ({ target }) => ({ params: { id: String(target.study.id) }, query: { entity: "visit" } }),
  },
  "GET /api/resolve-study": {
    need: { kind: "study", permission: "study.read" },
    target: "study",
    request: ({ target }) => ({ query: { domain: target.study.code } }),
  },
  "GET /api/patients": {
    need: { kind: "study", permission: "clinical.read" },
    target: "study",
    request: ({ target }) => ({ query: { study_id: String(target.study.id) } }),
  },
  "POST /api/patients": {
    need: { kind: "study", permission: "clinical.write" },
    target: "study",
    // A study with groups needs one (decision 0028): the caller's own group, or the "in" group.
    request: ({ target, actor, n }) => ({
      body: patientBody(target.study.id, `MX-${n}`, {
        medical_group_id: actor.assignments.get(target.study.id)?.medicalGroupId ?? target.study.groupIn,
      }),
    }),
  },
  "GET /api/patients/{id}": {
    need: { kind: "patient", permission: "clinical.read" },
    target: "patient",
    request: ({ target }) => ({ params: { id: String(target.patientId) } }),
  },
  "PUT /api/patients/{id}": {
    need: { kind: "patient", permission: "clinical.write" },
    target: "patient",
    fresh: true,
    request: ({ target }) => ({
      params: { id: String(target.patientId) },
      body: { version: 1, reason: REASON, weight_kg: 70 },
    }),
  },
  "DELETE /api/patients/{id}": {
    need: { kind: "patient", permission: "clinical.write" },
    target: "patient",
    fresh: true,
    request: ({ target }) => ({ params: { id: String(target.patientId) }, body: { reason: REASON } }),
  },
  "PUT /api/patients/{id}/medical-group": {
    need: { kind: "patient", permission: "clinical.reassign" },
    target: "patient",
    fresh: true,
    request: ({ target }) => ({
      params: { id: String(target.patientId) },
      body: { version: 1, reason: REASON, medical_group_id: target.study.groupOut },
    }),
  },
  "GET /api/visits": {
    need: { kind: "patient", permission: "clinical.read" },
    target: "patient",
    request: ({ target }) => ({ query: { patient_id: String(target.patientId) } }),
  },
  "POST /api/visits": {
    need: { kind: "patient", permission: "clinical.write" },
    target: "patient",
    fresh: true,
    request: ({ target }) => ({
      body: {
        patient_id: target.patientId,
        visit_number: 1,
        visit_date: "2024-01-01",
        visit_type: "baseline",
        data_fields: efficacy(20),
      },
    }),
  },
  "GET /api/visits/{id}": {
    need: { kind: "patient", permission: "clinical.read" },
    target: "visit",
    request: ({ target }) => ({ params: { id: String(target.visitId) } }),
  },
  "PUT /api/visits/{id}": {
    need: { kind: "patient", permission: "clinical.write" },
    target: "visit",
    fresh: true,
    request: ({ target }) => ({
      params: { id: String(target.visitId) },
      body: { version: 1, reason: REASON, data_fields: { pasi_score: 12 } },
    }),
  },
  "DELETE /api/visits/{id}": {
    need: { kind: "patient", permission: "clinical.write" },
    target: "visit",
    fresh: true,
    request: ({ target }) => ({ params: { id: String(target.visitId) }, body: { reason: REASON } }),
  },
  "GET /api/visits/patient/{patientId}": {
    need: { kind: "patient", permission: "clinical.read" },
    target: "patient",
    request: ({ target }) => ({ params: { patientId: String(target.patientId) } }),
  },
  "POST /api/visits/{id}/lock": {
    need: { kind: "patient", permission: "clinical.write" },
    target: "visit",
    fresh: true,
    request: ({ target }) => ({ params: { id: String(target.visitId) } }),
  },
  "POST /api/visits/{id}/unlock": {
    need: { kind: "patient", permission: "clinical.unlock" },
    target: "locked-visit",
    fresh: true,
    request: ({ target }) => ({ params: { id: String(target.visitId) }, body: { reason: REASON } }),
  },
  // Source data verification (the monitor's) and the site's completion (decision 0031).
  "POST /api/visits/{id}/verify": {
    need: { kind: "patient", permission: "sdv.verify" },
    target: "visit",
    request: ({ target }) => ({ params: { id: String(target.visitId) }, body: { fields: "all" } }),
  },
  "DELETE /api/visits/{id}/verify": {
    need: { kind: "patient", permission: "sdv.verify" },
    target: "visit",
    request: ({ target }) => ({
      params: { id: String(target.visitId) },
      body: { fields: "all", reason: REASON },
    }),
  },
  "POST /api/visits/{id}/complete": {
    need: { kind: "patient", permission: "clinical.write" },
    target: "visit",
    fresh: true,
    request: ({ target }) => ({ params: { id: String(target.visitId) } }),
  },
  "DELETE /api/visits/{id}/complete": {
    need: { kind: "patient", permission: "clinical.write" },
    target: "complete-visit",
    fresh: true,
    request: ({ target }) => ({ params: { id: String(target.visitId) }, body: { reason: REASON } }),
  },
  // Source data verification (the monitor's) and the site's completion (decision 0031).
  "POST /api/patients/{id}/verify": {
    need: { kind: "patient", permission: "sdv.verify" },
    target: "patient",
    request: ({ target }) => ({ params: { id: String(target.patientId) }, body: { fields: "all" } }),
  },
  "DELETE /api/patients/{id}/verify": {
    need: { kind: "patient", permission: "sdv.verify" },
    target: "patient",
    request: ({ target }) => ({
      params: { id: String(target.patientId) },
      body: { fields: "all", reason: REASON },
    }),
  },
  "POST /api/patients/{id}/complete": {
    need: { kind: "patient", permission: "clinical.write" },
    target: "patient",
    fresh: true,
    request: ({ target }) => ({ params: { id: String(target.patientId) } }),
  },
  "DELETE /api/patients/{id}/complete": {
    need: { kind: "patient", permission: "clinical.write" },
    target: "complete-patient",
    fresh: true,
    request: ({ target }) => ({ params: { id: String(target.patientId) }, body: { reason: REASON } }),
  },
  "GET /api/reports/dashboard": {
    need: { kind: "study", permission: "clinical.read" },
    target: "study",
    request: ({ target }) => ({ query: { study_id: String(target.study.id) } }),
  },
  "GET /api/reports/therapy-outcomes": {
    need: { kind: "study", permission: "clinical.read" },
    target: "study",
    request: ({ target }) => ({ query: { study_id: String(target.study.id) } }),
  },
  // The visit schedule (decision 0025): read as the patient and the study dashboard are.
  "GET /api/reports/overdue-visits": {
    need: { kind: "study", permission: "clinical.read" },
    target: "study",
    request: ({ target }) => ({ query: { study_id: String(target.study.id) } }),
  },
  "GET /api/patients/{id}/schedule": {
    need: { kind: "patient", permission: "clinical.read" },
    target: "patient",
    request: ({ target }) => ({ params: { id: String(target.patientId) } }),
  },
  // The SDV page's list (decision 0031): read in the clinical scope, as the queries list.
  // The casebook PDF (decision 0035): a read of the patient in scope.
  "GET /api/patients/{id}/casebook.pdf": {
    need: { kind: "patient", permission: "clinical.read" },
    target: "patient",
    request: ({ target }) => ({ params: { id: String(target.patientId) } }),
  },
  // Electronic signatures (decision 0032): read in the clinical scope; signed by the signing roles.
  "GET /api/visits/{id}/signatures": {
    need: { kind: "patient", permission: "clinical.read" },
    target: "visit",
    request: ({ target }) => ({ params: { id: String(target.visitId) } }),
  },
  "POST /api/visits/{id}/signatures": {
    need: { kind: "patient", permission: "signatures.sign" },
    target: "visit",
    fresh: true,
    request: (ctx) => signingRequest(ctx, ctx.target.visitId),
  },
  "GET /api/patients/{id}/signatures": {
    need: { kind: "patient", permission: "clinical.read" },
    target: "patient",
    request: ({ target }) => ({ params: { id: String(target.patientId) } }),
  },
  "POST /api/patients/{id}/signatures": {
    need: { kind: "patient", permission: "signatures.sign" },
    target: "patient",
    fresh: true,
    request: (ctx) => signingRequest(ctx, ctx.target.patientId),
  },
  // Two-factor sign-in and account controls (decision 0033).
  "POST /api/auth/totp": {
    need: { kind: "session" },
    target: "none",
    request: async ({ actor }) => {
      if (actor.user) await clearSecondFactor(actor.user.id);
      return {};
    },
  },
  "POST /api/auth/totp/confirm": {
    need: { kind: "session" },
    target: "none",
    request: async ({ actor }) => {
      // An enrolment under way, and its current code (decision 0033).
      const secret = generateSecret();
      if (actor.user) {
        await clearSecondFactor(actor.user.id);
        const db = await getDb();
        await db
          .update(users)
          .set({ totpSecret: seal(secret) })
          .where(eq(users.id, actor.user.id));
      }
      return { body: { code: await generate({ secret }) } };
    },
  },
  "POST /api/admin/users/{id}/totp/reset": {
    need: { kind: "platform", permission: "users.create" },
    target: "user",
    fresh: true,
    request: ({ target }) => ({ params: { id: String(target.userId) } }),
  },
  "GET /api/admin/users/{id}/sign-ins": {
    need: { kind: "platform", permission: "users.read" },
    target: "user",
    request: ({ target }) => ({ params: { id: String(target.userId) } }),
  },
  "POST /api/admin/users/{id}/identity-verification": {
    need: { kind: "platform", permission: "users.create" },
    target: "user",
    fresh: true,
    request: ({ target }) => ({
      params: { id: String(target.userId) },
      body: { method: "Passport checked in person" },
    }),
  },
  "GET /api/sdv": {
    need: { kind: "study", permission: "clinical.read" },
    target: "study",
    request: ({ target }) => ({ query: { study_id: String(target.study.id) } }),
  },
  // Data queries (decision 0030): read in the clinical scope; opened, closed and reopened by the
  // reviewer's roles, answered by the site's.
  "GET /api/queries": {
    need: { kind: "study", permission: "clinical.read" },
    target: "study",
    request: ({ target }) => ({ query: { study_id: String(target.study.id) } }),
  },
  "GET /api/queries/export": {
    need: { kind: "study", permission: "clinical.read" },
    target: "study",
    request: ({ target }) => ({ query: { study_id: String(target.study.id) } }),
  },
  "POST /api/queries": {
    need: { kind: "patient", permission: "queries.open" },
    target: "visit",
    request: ({ target }) => ({
      body: {
        study_id: target.study.id,
        entity_type: "visit",
        entity_id: target.visitId,
        field: "pasi_score",
        text: "Please check PASI against the source",
      },
    }),
  },
  "GET /api/queries/{id}": {
    need: { kind: "patient", permission: "clinical.read" },
    target: "query",
    request: ({ target }) => ({ params: { id: String(target.queryId) } }),
  },
  "POST /api/queries/{id}/responses": {
    need: { kind: "patient", permission: "queries.respond" },
    target: "query",
    fresh: true,
    request: ({ target }) => ({
      params: { id: String(target.queryId) },
      body: { category: "confirmed_correct", text: "Checked against the chart" },
    }),
  },
  "POST /api/queries/{id}/close": {
    need: { kind: "patient", permission: "queries.open" },
    target: "query",
    fresh: true,
    request: ({ target }) => ({ params: { id: String(target.queryId) }, body: { text: "Resolved" } }),
  },
  "POST /api/queries/{id}/reopen": {
    need: { kind: "patient", permission: "queries.open" },
    target: "closed-query",
    fresh: true,
    request: ({ target }) => ({ params: { id: String(target.queryId) }, body: { text: "Not resolved" } }),
  },
  // The inbox (decision 0031): each user's own. One notification is read as its query is: its
  // owner outside the patient's scope (or off the study) gets the same 404 as for another's.
  "GET /api/notifications": { need: { kind: "session" }, target: "none", request: () => ({}) },
  "POST /api/notifications/{id}/read": {
    need: { kind: "patient", permission: "clinical.read" },
    target: "query",
    request: async ({ target, actor }) => ({
      params: { id: String(await notificationFor(actor, target)) },
    }),
  },
  "POST /api/notifications/read-all": { need: { kind: "session" }, target: "none", request: () => ({}) },
  "GET /api/admin/audit-logs/entity/{type}/{id}": {
    need: { kind: "patient", permission: "clinical.read" },
    target: "patient",
    request: ({ target }) => ({ params: { type: "patient", id: String(target.patientId) } }),
  },
  "GET /api/admin/audit-logs": {
    need: { kind: "platform", permission: "audit.read" },
    target: "none",
    request: () => ({ query: { action: "update", page: "1" } }),
  },
  "GET /api/admin/audit-logs/statistics": {
    need: { kind: "platform", permission: "audit.read" },
    target: "none",
    request: () => ({}),
  },
  "GET /api/admin/audit-logs/user/{id}": {
    need: { kind: "platform", permission: "audit.read" },
    target: "user",
    request: ({ target }) => ({ params: { id: String(target.userId) } }),
  },
  "GET /api/admin/audit-logs/export/csv": {
    need: { kind: "platform", permission: "audit.read" },
    target: "none",
    request: () => ({ query: { action: "lock" } }),
  },
  "POST /api/admin/audit-logs/verify": {
    need: { kind: "platform", permission: "audit.read" },
    target: "none",
    request: () => ({}),
  },
  "GET /api/admin/audit-logs/verify/{jobId}": {
    need: { kind: "platform", permission: "audit.read" },
    target: "none",
    request: async () => {
      const { POST } = await import("@/app/api/admin/audit-logs/verify/route");
      const res = await callRoute(POST, "POST", "/api/admin/audit-logs/verify", admin.headers, {});
      return { params: { jobId: (res.json as { id: string }).id } };
    },
  },
  "GET /api/studies/{id}/field-usage": {
    need: { kind: "study", permission: "study.configure" },
    target: "study",
    request: ({ target }) => ({ params: { id: String(target.study.id) } }),
  },
  "GET /api/studies/{id}/export": {
    need: { kind: "study", permission: "clinical.read" },
    target: "study",
    request: ({ target }) => ({ params: { id: String(target.study.id) }, query: { format: "csv-long" } }),
  },
  // Bulk import (docs/decisions/0037-bulk-import.md): data managers, principal investigators, admins.
  "GET /api/studies/{id}/imports": {
    need: { kind: "study", permission: "clinical.import" },
    target: "study",
    request: ({ target }) => ({ params: { id: String(target.study.id) } }),
  },
  "POST /api/studies/{id}/imports": {
    need: { kind: "study", permission: "clinical.import" },
    target: "study",
    request: ({ target }) => ({
      params: { id: String(target.study.id) },
      file: { name: "matrix.csv", bytes: IMPORT_CSV },
      fields: IMPORT_FIELDS,
    }),
  },
  "GET /api/studies/{id}/imports/{jobId}": {
    need: { kind: "study", permission: "clinical.import" },
    target: "study",
    request: async ({ target }) => {
      const job = await importJobOf(target.study.id, admin.userId, "previewed");
      return { params: { id: String(target.study.id), jobId: String(job.id) } };
    },
  },
  "GET /api/studies/{id}/imports/{jobId}/issues": {
    need: { kind: "study", permission: "clinical.import" },
    target: "study",
    request: async ({ target }) => {
      const job = await importJobOf(target.study.id, admin.userId, "previewed");
      return { params: { id: String(target.study.id), jobId: String(job.id) } };
    },
  },
  "POST /api/studies/{id}/imports/{jobId}/cancel": {
    need: { kind: "study", permission: "clinical.import" },
    target: "study",
    request: async ({ target }) => {
      const job = await importJobOf(target.study.id, admin.userId);
      return { params: { id: String(target.study.id), jobId: String(job.id) } };
    },
  },
  "GET /api/studies/{id}/protocol-versions": {
    need: { kind: "study", permission: "study.read" },
    target: "study",
    request: ({ target }) => ({ params: { id: String(target.study.id) } }),
  },
  "POST /api/studies/{id}/protocol-versions": {
    need: { kind: "study", permission: "study.configure" },
    target: "study",
    request: async ({ target }) => ({
      params: { id: String(target.study.id) },
      body: {
        effective_from: "2025-01-01",
        amendment_reason: REASON,
        config: await liveConfigOf(target.study.id),
      },
    }),
  },
  "POST /api/studies/{id}/protocol-versions/{versionId}/approve": {
    need: { kind: "study", permission: "study.configure" },
    target: "study",
    request: async ({ target, n }) => ({
      params: { id: String(target.study.id), versionId: String(await draftVersion(target.study.id, n)) },
      body: { approved: false, rejection_reason: REASON },
    }),
  },
  "POST /api/studies/{id}/protocol-versions/{versionId}/check-compatibility": {
    need: { kind: "study", permission: "study.configure" },
    target: "study",
    request: async ({ target, n }) => ({
      params: { id: String(target.study.id), versionId: String(await draftVersion(target.study.id, n)) },
    }),
  },
  "GET /api/studies/{id}/data-dictionary": {
    need: { kind: "study", permission: "study.read" },
    target: "study",
    request: ({ target }) => ({ params: { id: String(target.study.id) } }),
  },
  "POST /api/studies/{id}/data-dictionary/preview": {
    need: { kind: "study", permission: "study.configure" },
    target: "study",
    request: async ({ target }) => ({
      params: { id: String(target.study.id) },
      body: { csv: dictionaryCsv(StudyConfigSchema.parse(await liveConfigOf(target.study.id)), "en") },
    }),
  },
  "POST /api/studies/{id}/data-dictionary/import": {
    // The study's own dictionary: allowed callers succeed without changing a field.
    need: { kind: "study", permission: "study.configure" },
    target: "study",
    request: async ({ target }) => {
      const db = await getDb();
      const [row] = await db
        .select({ version: studies.version, config: studies.config })
        .from(studies)
        .where(eq(studies.id, target.study.id));
      return {
        params: { id: String(target.study.id) },
        body: { csv: dictionaryCsv(StudyConfigSchema.parse(row!.config), "en"), version: row!.version },
      };
    },
  },
  "GET /api/field-templates": { need: { kind: "session" }, target: "none", request: () => ({}) },
  "POST /api/field-templates": {
    need: { kind: "platform", permission: "templates.manage" },
    target: "none",
    request: ({ n }) => ({
      body: {
        name: `Matrix template ${n}`,
        fields: [{ name: "matrix_field", label: "Matrix field", type: "text" }],
        is_global: true,
      },
    }),
  },
  "DELETE /api/field-templates/{id}": {
    // A global template made by another superuser: only superusers may delete it.
    need: { kind: "superuser" },
    target: "template",
    fresh: true,
    request: ({ target }) => ({ params: { id: String(target.templateId) } }),
  },
  "GET /api/studies/{id}/contents": {
    need: { kind: "study", permission: "study.read" },
    target: "study",
    request: ({ target }) => ({ params: { id: String(target.study.id) }, query: { include_hidden: "true" } }),
  },
  "POST /api/studies/{id}/contents": {
    // Only superusers edit homepage content (spec §6): the policy's content.edit.
    need: { kind: "study", permission: "content.edit" },
    target: "study",
    request: ({ target, n }) => ({
      params: { id: String(target.study.id) },
      body: { type: "text_block", title: `Matrix ${n}`, content: { html: "<p>Matrix</p>" } },
    }),
  },
  "GET /api/studies/{id}/contents/{contentId}": {
    need: { kind: "study", permission: "study.read" },
    target: "content",
    request: ({ target }) => ({
      params: { id: String(target.study.id), contentId: String(target.contentId) },
    }),
  },
  "PATCH /api/studies/{id}/contents/{contentId}": {
    need: { kind: "study", permission: "content.edit" },
    target: "content",
    fresh: true,
    request: ({ target }) => ({
      params: { id: String(target.study.id), contentId: String(target.contentId) },
      body: { is_visible: false },
    }),
  },
  "DELETE /api/studies/{id}/contents/{contentId}": {
    need: { kind: "study", permission: "content.edit" },
    target: "content",
    fresh: true,
    request: ({ target }) => ({
      params: { id: String(target.study.id), contentId: String(target.contentId) },
    }),
  },
  "POST /api/studies/{id}/contents/reorder": {
    need: { kind: "study", permission: "content.edit" },
    target: "content",
    request: ({ target }) => ({
      params: { id: String(target.study.id) },
      body: { content_ids: [target.contentId] },
    }),
  },
  "POST /api/upload": {
    need: { kind: "study", permission: "content.edit" },
    target: "study",
    request: ({ target }) => ({
      query: { study_id: String(target.study.id) },
      file: { name: "matrix.pdf", bytes: PDF_BYTES },
    }),
  },
  "POST /api/studies/{id}/logo": {
    need: { kind: "study", permission: "study.configure" },
    target: "study",
    request: ({ target }) => ({
      params: { id: String(target.study.id) },
      file: { name: "logo.png", bytes: PNG_BYTES },
    }),
  },
  "GET /api/files/{id}": {
    need: { kind: "study", permission: "study.read" },
    target: "file",
    request: ({ target }) => ({ params: { id: target.fileId } }),
  },
  "GET /api/openapi.json": { need: { kind: "public" }, target: "none", request: () => ({}) },
  "GET /api/health": { need: { kind: "public" }, target: "none", request: () => ({}) },
  "GET /api/admin/users": {
    need: { kind: "platform", permission: "users.read" },
    target: "none",
    request: () => ({ query: { search: "example", role_level: "user" } }),
  },
  "POST /api/admin/users": {
    need: { kind: "platform", permission: "users.create" },
    target: "none",
    request: ({ n }) => ({ body: newUserBody(n) }),
  },
  "GET /api/admin/users/{id}": {
    need: { kind: "platform", permission: "users.read" },
    target: "user",
    request: ({ target }) => ({ params: { id: String(target.userId) } }),
  },
  "PUT /api/admin/users/{id}": {
    need: { kind: "platform", permission: "users.create" },
    target: "user",
    fresh: true,
    request: ({ target }) => ({
      params: { id: String(target.userId) },
      body: { full_name: "Renamed", version: 1 },
    }),
  },
  "DELETE /api/admin/users/{id}": {
    need: { kind: "platform", permission: "users.create" },
    target: "user",
    fresh: true,
    request: ({ target }) => ({ params: { id: String(target.userId) } }),
  },
  "GET /api/admin/user-study-roles": {
    need: { kind: "study", permission: "team.manage" },
    target: "study",
    request: ({ target }) => ({ query: { study_id: String(target.study.id) } }),
  },
  "POST /api/admin/user-study-roles": {
    need: { kind: "study", permission: "team.manage" },
    target: "user",
    fresh: true,
    request: ({ target }) => ({
      body: { user_id: target.userId, study_id: target.study.id, role: "read_only" },
    }),
  },
  "PUT /api/admin/user-study-roles/{id}": {
    need: { kind: "study", permission: "team.manage" },
    target: "assignment",
    fresh: true,
    request: ({ target }) => ({
      params: { id: String(target.assignmentId) },
      body: { role: "data_manager" },
    }),
  },
  "DELETE /api/admin/user-study-roles/{id}": {
    need: { kind: "study", permission: "team.manage" },
    target: "assignment",
    fresh: true,
    request: ({ target }) => ({ params: { id: String(target.assignmentId) } }),
  },
  "GET /api/studies/{id}/medical-groups": {
    need: { kind: "study", permission: "team.manage" },
    target: "study",
    request: ({ target }) => ({ params: { id: String(target.study.id) } }),
  },
  "POST /api/studies/{id}/medical-groups": {
    need: { kind: "study", permission: "team.manage" },
    target: "study",
    request: ({ target, n }) => ({
      params: { id: String(target.study.id) },
      body: { code: `mx${n}`, name: "Matrix" },
    }),
  },
  "GET /api/studies/{id}/medical-groups/{groupId}": {
    need: { kind: "study", permission: "team.manage" },
    target: "group",
    request: ({ target }) => ({ params: { id: String(target.study.id), groupId: String(target.groupId) } }),
  },
  "PUT /api/studies/{id}/medical-groups/{groupId}": {
    need: { kind: "study", permission: "team.manage" },
    target: "group",
    request: ({ target }) => ({
      params: { id: String(target.study.id), groupId: String(target.groupId) },
      body: { name: "Renamed group" },
    }),
  },
  "DELETE /api/studies/{id}/medical-groups/{groupId}": {
    need: { kind: "study", permission: "team.manage" },
    target: "group",
    fresh: true,
    request: ({ target }) => ({ params: { id: String(target.study.id), groupId: String(target.groupId) } }),
  },
  // Patient freeze and study lock (docs/decisions/0034-patient-and-study-lock.md): a freeze is the
  // principal investigator's (and the administrators'); a study lock only the administrators'
  // (study.lock, which no study role holds). A lock is lifted again after each cell.
  "POST /api/patients/{id}/lock": {
    need: { kind: "patient", permission: "clinical.freeze" },
    target: "patient",
    fresh: true,
    request: ({ target }) => ({ params: { id: String(target.patientId) }, body: { reason: REASON } }),
  },
  "POST /api/patients/{id}/unlock": {
    need: { kind: "patient", permission: "clinical.freeze" },
    target: "frozen-patient",
    fresh: true,
    request: ({ target }) => ({ params: { id: String(target.patientId) }, body: { reason: REASON } }),
  },
  "POST /api/studies/{id}/lock": {
    need: { kind: "study", permission: "study.lock" },
    target: "study",
    request: ({ target }) => ({ params: { id: String(target.study.id) }, body: { reason: REASON } }),
    after: ({ target }) => setStudyLocked(target.study.id, false),
  },
  "POST /api/studies/{id}/unlock": {
    need: { kind: "study", permission: "study.lock" },
    target: "study",
    request: async ({ target }) => {
      await setStudyLocked(target.study.id, true);
      return { params: { id: String(target.study.id) }, body: { reason: REASON } };
    },
    after: ({ target }) => setStudyLocked(target.study.id, false),
  },
};

export const META = { ip: "127.0.0.1", userAgent: "role-matrix" };
export const key = routeKey;

export type ActorName =
  | "anonymous"
  | "superadmin"
  | "admin"
  | "no role"
  | "principal investigator"
  | "study monitor"
  | "sub-investigator in the patient's group"
  | "sub-investigator of another group"
  | "medico (own patient)"
  | "medico (another's patient)"
  | "data manager"
  | "read only";

/** The callers and their assignment on the home study (none on the other study). */
const ACTORS: { name: ActorName; level?: "superadmin" | "admin"; role?: StudyRole; group?: "in" | "out" }[] =
  [
    { name: "anonymous" },
    { name: "superadmin", level: "superadmin" },
    { name: "admin", level: "admin" },
    { name: "no role" },
    { name: "principal investigator", role: "principal_investigator" },
    { name: "study monitor", role: "study_monitor" },
    { name: "sub-investigator in the patient's group", role: "sub_investigator", group: "in" },
    { name: "sub-investigator of another group", role: "sub_investigator", group: "out" },
    { name: "medico (own patient)", role: "medico" },
    { name: "medico (another's patient)", role: "medico" },
    { name: "data manager", role: "data_manager" },
    { name: "read only", role: "read_only" },
  ];

export type ActorFixture = {
  name: ActorName;
  user: (typeof users.$inferSelect & { password: string }) | null;
  password: string;
  policy: PolicyActor | null;
  /** Assignment per study id. */
  assignments: Map<number, { role: StudyRole; medicalGroupId: number | null }>;
  headers: Record<string, string>;
};

export type StudyFixture = {
  id: number;
  code: string;
  groupIn: number;
  groupOut: number;
  label: "home study" | "other study";
};

export let admin: Caller;
let loginUser: typeof users.$inferSelect & { password: string };
export let home: StudyFixture;
export let other: StudyFixture;
let owner: ActorFixture;
export const actors: ActorFixture[] = [];
let precomputedHash: string;
let seq = 0;

const newUserBody = (n: number) => ({
  email: `matrix-${process.pid}-${n}@example.org`,
  password: "a sturdy passphrase",
  full_name: `Matrix ${n}`,
  role_level: "user",
});

export async function bearer(user: typeof users.$inferSelect): Promise<Record<string, string>> {
  const db = await getDb();
  const { session } = await openSession(db, user, "api", META);
  return { authorization: `Bearer ${await signAccessToken(user.id, session.id)}` };
}

async function studyFixture(label: StudyFixture["label"]): Promise<StudyFixture> {
  const study = await createStudy(admin);
  const db = await getDb();
  const [groupIn] = await db
    .insert(medicalGroups)
    .values({ studyId: study.id, code: "IN", name: "In" })
    .returning();
  const [groupOut] = await db
    .insert(medicalGroups)
    .values({ studyId: study.id, code: "OUT", name: "Out" })
    .returning();
  return { id: study.id, code: study.code, groupIn: groupIn!.id, groupOut: groupOut!.id, label };
}

/** A patient of the study in the "in" group, created by the own-patient medico. */
async function newPatient(study: StudyFixture): Promise<number> {
  const { POST } = await import("@/app/api/patients/route");
  const res = await callRoute(POST, "POST", "/api/patients", admin.headers, {
    body: patientBody(study.id, `T-${++seq}`, { medical_group_id: study.groupIn }),
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  const id = (res.json as { id: number }).id;
  const db = await getDb();
  await db
    .update(patients)
    .set({ medicalGroupId: study.groupIn, createdBy: owner.user!.id })
    .where(eq(patients.id, id));
  return id;
}

async function newVisit(patientId: number, locked: boolean): Promise<number> {
  const { POST } = await import("@/app/api/visits/route");
  const res = await callRoute(POST, "POST", "/api/visits", admin.headers, {
    body: {
      patient_id: patientId,
      visit_number: 1,
      visit_date: "2024-01-01",
      visit_type: "baseline",
      data_fields: efficacy(20),
    },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  const id = (res.json as { id: number }).id;
  if (locked) {
    const { POST: lock } = await import("@/app/api/visits/[id]/lock/route");
    const locking = await callRoute(lock, "POST", `/api/visits/${id}/lock`, admin.headers, {
      params: { id: String(id) },
    });
    expect(locking.status).toBe(200);
  }
  return id;
}

async function markComplete(entity: "visits" | "patients", id: number): Promise<void> {
  const route =
    entity === "visits"
      ? await import("@/app/api/visits/[id]/complete/route")
      : await import("@/app/api/patients/[id]/complete/route");
  const res = await callRoute(route.POST, "POST", `/api/${entity}/${id}/complete`, admin.headers, {
    params: { id: String(id) },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
}

/** An open query on the visit's PASI, opened by the admin; closed too when `closed`. */
async function newQuery(study: StudyFixture, visitId: number, closed: boolean): Promise<number> {
  const { POST } = await import("@/app/api/queries/route");
  const res = await callRoute(POST, "POST", "/api/queries", admin.headers, {
    body: {
      study_id: study.id,
      entity_type: "visit",
      entity_id: visitId,
      field: "pasi_score",
      text: "Check",
    },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  const id = (res.json as { id: number }).id;
  if (closed) {
    const { POST: close } = await import("@/app/api/queries/[id]/close/route");
    const closing = await callRoute(close, "POST", `/api/queries/${id}/close`, admin.headers, {
      params: { id: String(id) },
      body: { text: "Closed" },
    });
    expect(closing.status, JSON.stringify(closing.json)).toBe(200);
  }
  return id;
}

/**
 * An unread notification of the caller about the target's query (an anonymous caller gets one of
 * the admin's: the 401 comes first).
 */
async function notificationFor(actor: ActorFixture, target: Target): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .insert(notifications)
    .values({
      userId: actor.user?.id ?? admin.userId,
      studyId: target.study.id,
      queryId: target.queryId,
      kind: "query_assigned",
      actorId: admin.userId,
    })
    .returning({ id: notifications.id });
  return row!.id;
}

async function newContentBlock(study: StudyFixture): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .insert(contentBlocks)
    .values({ studyId: study.id, type: "text_block", title: `Block ${++seq}`, content: { html: "<p>x</p>" } })
    .returning();
  return row!.id;
}

/** An attachment of the study, uploaded through the route so that its bytes are stored. */
async function newFile(study: StudyFixture): Promise<string> {
  const { POST } = await import("@/app/api/upload/route");
  const res = await callRoute(POST, "POST", "/api/upload", admin.headers, {
    query: { study_id: String(study.id) },
    file: { name: "shared.pdf", bytes: PDF_BYTES },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return (res.json as { id: string }).id;
}

async function newPlainUser(): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .insert(users)
    .values({
      email: `target-${process.pid}-${++seq}@example.org`,
      fullName: "Target",
      passwordHash: precomputedHash,
    })
    .returning();
  return row!.id;
}

const shared = new Map<StudyFixture, Target>();

export async function targetFor(study: StudyFixture, kind: TargetKind, fresh: boolean): Promise<Target> {
  const base = shared.get(study)!;
  if (!fresh) return base;
  const db = await getDb();
  switch (kind) {
    case "patient":
      return { ...base, patientId: await newPatient(study) };
    case "visit":
    case "locked-visit": {
      const patientId = await newPatient(study);
      return { ...base, patientId, visitId: await newVisit(patientId, kind === "locked-visit") };
    }
    // Marked complete by the admin, for the calls that take the mark back (decision 0031).
    case "complete-visit": {
      const patientId = await newPatient(study);
      const visitId = await newVisit(patientId, false);
      await markComplete("visits", visitId);
      return { ...base, patientId, visitId };
    }
    case "complete-patient": {
      const patientId = await newPatient(study);
      await markComplete("patients", patientId);
      return { ...base, patientId };
    }
    // Frozen, for the call that unfreezes it (decision 0034).
    case "frozen-patient": {
      const patientId = await newPatient(study);
      await setPatientFrozen(patientId, true);
      return { ...base, patientId };
    }
    case "query":
    case "closed-query": {
      const patientId = await newPatient(study);
      const visitId = await newVisit(patientId, false);
      return {
        ...base,
        patientId,
        visitId,
        queryId: await newQuery(study, visitId, kind === "closed-query"),
      };
    }
    case "user":
      return { ...base, userId: await newPlainUser() };
    case "assignment": {
      const userId = await newPlainUser();
      const [row] = await db
        .insert(userStudyRoles)
        .values({ userId, studyId: study.id, role: "read_only" })
        .returning();
      return { ...base, userId, assignmentId: row!.id };
    }
    case "template": {
      const [row] = await db
        .insert(fieldTemplates)
        .values({ name: `Fresh ${++seq}`, fields: [], isGlobal: true, createdBy: admin.userId })
        .returning();
      return { ...base, templateId: row!.id };
    }
    case "content":
      return { ...base, contentId: await newContentBlock(study) };
    case "group": {
      const [row] = await db
        .insert(medicalGroups)
        .values({ studyId: study.id, code: `G${++seq}`, name: "Fresh" })
        .returning();
      return { ...base, groupId: row!.id };
    }
    default:
      return base;
  }
}

export type Outcome = "2xx" | 401 | 403 | 404;

/** The answer the policy module says this caller must get. */
export function expectedOutcome(rule: Rule, actor: ActorFixture, study: StudyFixture | null): Outcome {
  const need = rule.need;
  if (need.kind === "public") return "2xx";
  if (!actor.policy) return 401;
  if (need.kind === "session") return "2xx";
  if (need.kind === "platform") return hasPlatformPermission(actor.policy, need.permission) ? "2xx" : 403;
  if (need.kind === "superuser") return isSuperuser(actor.policy) ? "2xx" : 403;
  const access = studyAccess(actor.policy, actor.assignments.get(study!.id) ?? null, study!.id);
  if (!access.permissions.has("study.read")) return 404;
  if (need.kind === "patient") {
    const patient = { medicalGroupId: study!.groupIn, createdBy: owner.user!.id };
    if (!patientInScope(access.patientScope, patient)) return 404;
  }
  return access.permissions.has(need.permission) ? "2xx" : 403;
}

/**
 * Refusals audited for `userId`: repeats of one refusal within a minute are one counted row
 * (docs/decisions/0018), so the open windows are written first and the counts summed: each refused
 * cell must add exactly one.
 */
export async function deniedRows(userId: number): Promise<number> {
  const db = await getDb();
  await flushDenials(db);
  const [row] = await db
    .select({ value: sql<number>`coalesce(sum((${auditLogs.newValues}->>'count')::int), 0)::int` })
    .from(auditLogs)
    .where(and(eq(auditLogs.action, "access_denied"), eq(auditLogs.userId, userId)));
  return row?.value ?? 0;
}

/** The callers, the two studies and their shared targets; run once per test file (beforeAll). */
export async function setUpMatrix(): Promise<void> {
  admin = await callerFor({ roleLevel: "superadmin" });
  precomputedHash = await hashPassword("a sturdy passphrase");
  loginUser = await createUser();
  home = await studyFixture("home study");
  other = await studyFixture("other study");
  for (const spec of ACTORS) {
    if (spec.name === "anonymous") {
      actors.push({
        name: spec.name,
        user: null,
        password: "",
        policy: null,
        assignments: new Map(),
        headers: {},
      });
      continue;
    }
    const user = await createUser({ roleLevel: spec.level ?? "user" });
    const assignments = new Map<number, { role: StudyRole; medicalGroupId: number | null }>();
    if (spec.role) {
      const medicalGroupId = spec.group === "in" ? home.groupIn : spec.group === "out" ? home.groupOut : null;
      const db = await getDb();
      await db
        .insert(userStudyRoles)
        .values({ userId: user.id, studyId: home.id, role: spec.role, medicalGroupId });
      assignments.set(home.id, { role: spec.role, medicalGroupId });
    }
    actors.push({
      name: spec.name,
      user,
      password: user.password,
      policy: { userId: user.id, roleLevel: user.roleLevel, isSuperuser: user.isSuperuser },
      assignments,
      headers: await bearer(user),
    });
  }
  owner = actors.find((a) => a.name === "medico (own patient)")!;
  for (const study of [home, other]) {
    const patientId = await newPatient(study);
    const db = await getDb();
    const [assignmentUser] = await db
      .insert(users)
      .values({
        email: `assigned-${study.id}-${process.pid}@example.org`,
        fullName: "Assigned",
        passwordHash: precomputedHash,
      })
      .returning();
    const [assignment] = await db
      .insert(userStudyRoles)
      .values({ userId: assignmentUser!.id, studyId: study.id, role: "read_only" })
      .returning();
    const visitId = await newVisit(patientId, false);
    shared.set(study, {
      study,
      patientId,
      visitId,
      queryId: await newQuery(study, visitId, false),
      groupId: study.groupIn,
      assignmentId: assignment!.id,
      userId: await newPlainUser(),
      templateId: 0,
      contentId: await newContentBlock(study),
      fileId: await newFile(study),
    });
  }
}

/** A number no other cell has used (fresh codes, names, version numbers). */
export const nextSeq = () => ++seq;
