/**
 * Audit coverage (decision 0015): every mutating endpoint of the route table
 * (lib/schemas/api-contracts.ts: every method but GET) is called once by an allowed caller, and
 * exactly the audit rows its entry below expects must appear: action, entity, study, user, reason,
 * old and new values, and a timestamp (UTC, timestamptz) taken during the call. The list of
 * endpoints comes from the route table, so a new mutating route without an entry here fails.
 * Refusals are the role matrix's business (tests/api/role-matrix.test.ts): each one is audited
 * as access_denied there.
 */
import { asc, eq, gt, max } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import {
  apiTokens,
  auditLogs,
  contentBlocks,
  fieldTemplates,
  medicalGroups,
  notifications,
  userStudyRoles,
  users,
  type AuditAction,
} from "@/db/schema";
import { DICTIONARY_COLUMNS, dictionaryCsv } from "@/lib/dictionary";
import { API_CONTRACTS, type ApiContract } from "@/lib/schemas/api-contracts";
import { StudyConfigSchema } from "@/lib/schemas/study-config-rules";
import { openSession } from "@/lib/server/auth/auth-service";
import { seal } from "@/lib/server/auth/sealed-secret";
import { generate, generateSecret } from "otplib";
import { DEMO_STUDY_CONFIG } from "@/db/seed/demo-study-config";
import { callerFor, createStudy, patientBody } from "./clinical-fixtures";
import { createUser } from "./helpers";
import { IMPORT_CSV, IMPORT_FIELDS, importJobOf } from "./import-fixtures";
import { callRoute, handlerOf, routeKey, type CallRequest } from "./route-call";

type User = Awaited<ReturnType<typeof createUser>>;
type Fixture = {
  /** Who calls: the superadmin unless the entry made its own caller. */
  caller: { headers: Record<string, string>; userId: number; email: string };
  studyId: number;
  patientId: number;
  visitId: number;
  groupId: number;
  assignmentId: number;
  user: User;
  templateId: number;
  contentId: number;
  /** A draft protocol version (the approve entry). */
  versionId?: number;
  /** A data query on the visit's PASI (the query step entries). */
  queryId?: number;
  /** An unread notification of the caller about that query (the inbox entries). */
  notificationId?: number;
  /** A refresh token of `user`'s API session (the refresh entry). */
  refresh?: string;
  /** A personal API token of the caller (the revoke entry). */
  tokenId?: number;
  /** A running import job of the study (the cancel entry). */
  importJobId?: number;
};

type ExpectedRow = {
  action: AuditAction;
  entityType: string;
  entityId: string | null;
  studyId: number | null;
  /** Defaults: the caller. */
  userId?: number | null;
  userEmail?: string | null;
  reason?: unknown;
  oldValues?: unknown;
  newValues?: unknown;
};

type Entry = {
  /** Extra preparation (a locked visit, a fresh caller, …) on top of the shared fixture. */
  prepare?: (f: Fixture) => Promise<Partial<Fixture>>;
  request: (f: Fixture) => CallRequest | Promise<CallRequest>;
  /** The rows the call must write, in order; [] only with a stated reason in `none`. */
  rows: (f: Fixture, answer: Record<string, unknown>) => ExpectedRow[];
  none?: string;
};

const REASON = "coverage check";
const PDF_BYTES = new TextEncoder().encode("%PDF-1.7\n%%EOF\n");
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const anyObject = (fields: Record<string, unknown>) => expect.objectContaining(fields);
const visitBody = (patientId: number) => ({
  patient_id: patientId,
  visit_number: 1,
  visit_date: "2024-01-01",
  visit_type: "baseline",
  data_fields: { current_therapy: "adalimumab", pasi_score: 20, adverse_event: false },
});

/** What each mutating endpoint must leave in the trail (keyed "METHOD path" as in the route table). */
const EXPECTED_AUDIT: Record<string, Entry> = {
  "POST /api/auth/login": {
    request: (f) => ({ body: { email: f.user.email, password: f.user.password } }),
    rows: (f) => [
      {
        action: "login",
        entityType: "user",
        entityId: String(f.user.id),
        studyId: null,
        userId: f.user.id,
        userEmail: f.user.email,
        reason: "Signed in (API token)",
        newValues: { success: true, session_kind: "api" },
      },
    ],
  },
  "POST /api/auth/refresh": {
    prepare: async (f) => ({ refresh: (await sessionOf(f.user)).refresh }),
    request: (f) => ({ body: { refresh_token: f.refresh } }),
    rows: () => [],
    none: "rotating an API token changes no data; the sign-in that opened the session is audited",
  },
  "POST /api/auth/logout": {
    prepare: (f) => ownCaller(f.user),
    request: () => ({}),
    rows: (f) => [
      {
        action: "logout",
        entityType: "user",
        entityId: String(f.user.id),
        studyId: null,
        reason: "Signed out",
      },
    ],
  },
  "POST /api/auth/password": {
    prepare: (f) => ownCaller(f.user),
    request: (f) => ({ body: { current_password: f.user.password, new_password: "a brand new passphrase" } }),
    rows: (f) => [
      {
        action: "update",
        entityType: "user",
        entityId: String(f.user.id),
        studyId: null,
        reason: "Password changed by the user; 0 other session(s) ended",
        oldValues: { must_change_password: false },
        newValues: { must_change_password: false },
      },
    ],
  },
  "PUT /api/auth/me/locale": {
    prepare: (f) => ownCaller(f.user),
    request: () => ({ body: { locale: "it" } }),
    rows: (f) => [
      {
        action: "update",
        entityType: "user",
        entityId: String(f.user.id),
        studyId: null,
        reason: "Language chosen by the user",
        oldValues: { locale: null },
        newValues: { locale: "it" },
      },
    ],
  },
  // Personal API tokens (docs/decisions/0036-personal-api-tokens.md).
  "POST /api/auth/tokens": {
    request: (f) => ({
      body: {
        name: "coverage export",
        expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        study_id: f.studyId,
        access: "read",
      },
    }),
    rows: (f, answer) => [
      {
        action: "create",
        entityType: "api_token",
        entityId: String(answer.id),
        studyId: f.studyId,
        reason: "Personal API token created",
        newValues: { name: "coverage export", access: "read", expires_at: answer.expires_at },
      },
    ],
  },
  "DELETE /api/auth/tokens/{id}": {
    prepare: async (f) => {
      const db = await getDb();
      const [token] = await db
        .insert(apiTokens)
        .values({
          userId: f.caller.userId,
          name: "coverage revoke",
          tokenHash: `coverage-${f.caller.userId}-${f.studyId}`,
          studyId: f.studyId,
          access: "read",
          expiresAt: new Date(Date.now() + 86_400_000),
        })
        .returning();
      return { tokenId: token!.id };
    },
    request: (f) => ({ params: { id: String(f.tokenId) } }),
    rows: (f) => [
      {
        action: "update",
        entityType: "api_token",
        entityId: String(f.tokenId),
        studyId: f.studyId,
        reason: "Personal API token revoked",
        oldValues: { name: "coverage revoke", revoked_at: null },
        newValues: { name: "coverage revoke", revoked_at: expect.any(String) },
      },
    ],
  },
  "POST /api/auth/register": {
    request: () => ({ body: newUserBody("register") }),
    rows: (_f, answer) => [
      {
        action: "create",
        entityType: "user",
        entityId: String(answer.id),
        studyId: null,
        newValues: anyObject({ email: newUserBody("register").email, role_level: "user" }),
      },
    ],
  },
  "POST /api/studies": {
    request: () => ({ body: { code: `cov_${process.pid}`, name: "Coverage", disease: "Psoriasis" } }),
    rows: (_f, answer) => [
      {
        action: "create",
        entityType: "study",
        entityId: String(answer.id),
        studyId: answer.id as number,
        newValues: anyObject({ code: `cov_${process.pid}`, name: "Coverage" }),
      },
    ],
  },
  "PUT /api/studies/{id}": {
    request: (f) => ({ params: { id: String(f.studyId) }, body: { version: 1, name: "Renamed study" } }),
    rows: (f) => [
      {
        action: "update",
        entityType: "study",
        entityId: String(f.studyId),
        studyId: f.studyId,
        oldValues: anyObject({ name: "Clinical Study" }),
        newValues: anyObject({ name: "Renamed study" }),
      },
    ],
  },
  "POST /api/studies/{id}/protocol-versions": {
    request: (f) => ({
      params: { id: String(f.studyId) },
      body: {
        amendment_reason: "Coverage amendment",
        effective_from: "2026-01-01",
        config: DEMO_STUDY_CONFIG,
      },
    }),
    rows: (f, answer) => [
      {
        action: "create",
        entityType: "protocol_version",
        entityId: String(answer.id),
        studyId: f.studyId,
        newValues: anyObject({
          status: "draft",
          amendment_reason: "Coverage amendment",
          config: DEMO_STUDY_CONFIG,
        }),
      },
    ],
  },
  "POST /api/studies/{id}/protocol-versions/{versionId}/approve": {
    prepare: async (f) => ({ versionId: await draftVersion(f) }),
    request: (f) => ({
      params: { id: String(f.studyId), versionId: String(f.versionId) },
      body: { approved: true },
    }),
    rows: (f) => [
      {
        action: "approve",
        entityType: "protocol_version",
        entityId: String(f.versionId),
        studyId: f.studyId,
        // The fixture's first visit recorded version 1 as the version in force.
        reason: "Supersedes version 1",
        oldValues: anyObject({ version_number: 2, status: "draft" }),
        newValues: anyObject({ version_number: 2, status: "active" }),
      },
    ],
  },
  "POST /api/studies/{id}/protocol-versions/{versionId}/check-compatibility": {
    prepare: async (f) => ({ versionId: await draftVersion(f) }),
    request: (f) => ({ params: { id: String(f.studyId), versionId: String(f.versionId) } }),
    rows: () => [],
    none: "a compatibility check reads the stored data and changes nothing (POST only because it computes)",
  },
  "POST /api/studies/{id}/data-dictionary/preview": {
    request: (f) => ({ params: { id: String(f.studyId) }, body: { csv: dictionaryWithNewField() } }),
    rows: () => [],
    none: "a preview parses the file and compares it with the stored data; it changes nothing",
  },
  "POST /api/studies/{id}/data-dictionary/import": {
    request: (f) => ({
      params: { id: String(f.studyId) },
      body: { csv: dictionaryWithNewField(), version: 1 },
    }),
    rows: (f) => [
      {
        // The study has patients: the compatible change becomes a new active protocol version.
        action: "create",
        entityType: "protocol_version",
        entityId: expect.any(String) as unknown as string,
        studyId: f.studyId,
        reason: "Supersedes version 1",
        newValues: anyObject({ version_number: 2, status: "active" }),
      },
      {
        action: "update",
        entityType: "study",
        entityId: String(f.studyId),
        studyId: f.studyId,
        oldValues: anyObject({ version: 1 }),
        newValues: anyObject({ version: 2 }),
      },
      {
        action: "import",
        entityType: "study",
        entityId: String(f.studyId),
        studyId: f.studyId,
        newValues: {
          kind: "data_dictionary",
          created: 1,
          updated: 0,
          unchanged: DEMO.data_fields.length + DEMO.calculations.length,
          kept: 0,
          categories_created: 0,
        },
      },
    ],
  },
  "POST /api/field-templates": {
    request: () => ({
      body: {
        name: "Coverage template",
        fields: [{ name: "f1", label: "F1", type: "text" }],
        is_global: true,
      },
    }),
    rows: (_f, answer) => [
      {
        action: "create",
        entityType: "field_template",
        entityId: String(answer.id),
        studyId: null,
        newValues: anyObject({ name: "Coverage template" }),
      },
    ],
  },
  "DELETE /api/field-templates/{id}": {
    request: (f) => ({ params: { id: String(f.templateId) } }),
    rows: (f) => [
      {
        action: "delete",
        entityType: "field_template",
        entityId: String(f.templateId),
        studyId: null,
        oldValues: anyObject({ name: "Doomed template" }),
      },
    ],
  },
  "POST /api/patients": {
    // The study has a group: a new patient names one (decision 0028).
    request: (f) => ({ body: patientBody(f.studyId, "COV-NEW", { medical_group_id: f.groupId }) }),
    rows: (f, answer) => [
      {
        action: "create",
        entityType: "patient",
        entityId: String(answer.id),
        studyId: f.studyId,
        newValues: anyObject({ code: "COV-NEW", weight_kg: 68.2 }),
      },
    ],
  },
  "PUT /api/patients/{id}": {
    request: (f) => ({
      params: { id: String(f.patientId) },
      body: { version: 1, reason: REASON, weight_kg: 70 },
    }),
    rows: (f) => [
      {
        action: "update",
        entityType: "patient",
        entityId: String(f.patientId),
        studyId: f.studyId,
        reason: REASON,
        oldValues: anyObject({ weight_kg: 68.2 }),
        newValues: anyObject({ weight_kg: 70 }),
      },
    ],
  },
  "DELETE /api/patients/{id}": {
    request: (f) => ({ params: { id: String(f.patientId) }, body: { reason: REASON } }),
    rows: (f) => [
      {
        action: "delete",
        entityType: "patient",
        entityId: String(f.patientId),
        studyId: f.studyId,
        reason: REASON,
        oldValues: anyObject({ code: "COV-1" }),
      },
    ],
  },
  "PUT /api/patients/{id}/medical-group": {
    request: (f) => ({
      params: { id: String(f.patientId) },
      body: { version: 1, reason: REASON, medical_group_id: f.groupId },
    }),
    rows: (f) => [
      {
        action: "update",
        entityType: "patient",
        entityId: String(f.patientId),
        studyId: f.studyId,
        reason: REASON,
        oldValues: { medical_group_id: null, version: 1 },
        newValues: { medical_group_id: f.groupId, version: 2 },
      },
    ],
  },
  "POST /api/visits": {
    request: (f) => ({ body: { ...visitBody(f.patientId), visit_number: 2, visit_type: "week_4" } }),
    rows: (f, answer) => [
      {
        action: "create",
        entityType: "visit",
        entityId: String(answer.id),
        studyId: f.studyId,
        newValues: anyObject({ visit_number: 2, visit_type: "week_4" }),
      },
    ],
  },
  "PUT /api/visits/{id}": {
    request: (f) => ({
      params: { id: String(f.visitId) },
      body: { version: 1, reason: REASON, data_fields: { pasi_score: 12 } },
    }),
    rows: (f) => [
      {
        action: "update",
        entityType: "visit",
        entityId: String(f.visitId),
        studyId: f.studyId,
        reason: REASON,
        oldValues: anyObject({ data_fields: anyObject({ pasi_score: 20 }) }),
        newValues: anyObject({ data_fields: anyObject({ pasi_score: 12 }) }),
      },
    ],
  },
  "DELETE /api/visits/{id}": {
    request: (f) => ({ params: { id: String(f.visitId) }, body: { reason: REASON } }),
    rows: (f) => [
      {
        action: "delete",
        entityType: "visit",
        entityId: String(f.visitId),
        studyId: f.studyId,
        reason: REASON,
        oldValues: anyObject({ visit_type: "baseline" }),
      },
    ],
  },
  // Data queries (decision 0030): every step is one audited row of the query.
  "POST /api/queries": {
    request: (f) => ({
      body: {
        study_id: f.studyId,
        entity_type: "visit",
        entity_id: f.visitId,
        field: "pasi_score",
        text: "Check PASI",
      },
    }),
    rows: (f, answer) => [
      {
        action: "create",
        entityType: "query",
        entityId: String(answer.id),
        studyId: f.studyId,
        newValues: {
          entity_type: "visit",
          entity_id: f.visitId,
          patient_id: f.patientId,
          visit_id: f.visitId,
          field: "pasi_score",
          assignee_id: null,
          status: "open",
          text: "Check PASI",
        },
      },
    ],
  },
  "POST /api/queries/{id}/responses": {
    prepare: (f) => queryOf(f, false),
    request: (f) => ({
      params: { id: String(f.queryId) },
      body: { category: "typing_error", text: "Corrected" },
    }),
    rows: (f) => [
      {
        action: "update",
        entityType: "query",
        entityId: String(f.queryId),
        studyId: f.studyId,
        oldValues: { status: "open" },
        newValues: { status: "answered", step: "response", category: "typing_error", text: "Corrected" },
      },
    ],
  },
  "POST /api/queries/{id}/close": {
    prepare: (f) => queryOf(f, false),
    request: (f) => ({ params: { id: String(f.queryId) }, body: { text: "Accepted" } }),
    rows: (f) => [
      {
        action: "update",
        entityType: "query",
        entityId: String(f.queryId),
        studyId: f.studyId,
        oldValues: { status: "open" },
        newValues: { status: "closed", step: "close", text: "Accepted" },
      },
    ],
  },
  "POST /api/queries/{id}/reopen": {
    prepare: (f) => queryOf(f, true),
    request: (f) => ({ params: { id: String(f.queryId) }, body: { text: "Still wrong" } }),
    rows: (f) => [
      {
        action: "update",
        entityType: "query",
        entityId: String(f.queryId),
        studyId: f.studyId,
        oldValues: { status: "closed" },
        newValues: { status: "open", step: "reopen", text: "Still wrong" },
      },
    ],
  },
  // The inbox (decision 0031): marking read is a change of the reader's own notification.
  "POST /api/notifications/{id}/read": {
    prepare: (f) => notificationOf(f),
    request: (f) => ({ params: { id: String(f.notificationId) } }),
    rows: (f) => [
      {
        action: "update",
        entityType: "notification",
        entityId: String(f.notificationId),
        studyId: f.studyId,
        oldValues: { read_at: null },
        newValues: { read_at: expect.any(String) },
      },
    ],
  },
  "POST /api/notifications/read-all": {
    prepare: (f) => notificationOf(f),
    request: () => ({}),
    rows: (f) => [
      {
        action: "update",
        entityType: "notification",
        entityId: null,
        studyId: f.studyId,
        oldValues: { read_at: null },
        newValues: {
          read_at: expect.any(String),
          notification_ids: expect.arrayContaining([f.notificationId]),
        },
      },
    ],
  },
  "POST /api/visits/{id}/lock": {
    request: (f) => ({ params: { id: String(f.visitId) } }),
    rows: (f) => [
      {
        action: "lock",
        entityType: "visit",
        entityId: String(f.visitId),
        studyId: f.studyId,
        oldValues: { is_locked: false, form_status: "in_progress" },
        newValues: {
          is_locked: true,
          form_status: "locked",
          locked_at: expect.any(String),
          locked_by: f.caller.userId,
        },
      },
    ],
  },
  "POST /api/visits/{id}/unlock": {
    prepare: async (f) => {
      const { POST } = await import("@/app/api/visits/[id]/lock/route");
      const res = await callRoute(POST, "POST", "/api/visits/{id}/lock", f.caller.headers, {
        params: { id: String(f.visitId) },
      });
      expect(res.status).toBe(200);
      return {};
    },
    request: (f) => ({ params: { id: String(f.visitId) }, body: { reason: REASON } }),
    rows: (f) => [
      {
        action: "unlock",
        entityType: "visit",
        entityId: String(f.visitId),
        studyId: f.studyId,
        reason: REASON,
        oldValues: {
          is_locked: true,
          locked_at: expect.any(String),
          locked_by: f.caller.userId,
          form_status: "locked",
        },
        newValues: { is_locked: false, form_status: "in_progress" },
      },
    ],
  },
  // Electronic signatures (decision 0032): one sign row on the signed record, with the manifestation.
  "POST /api/visits/{id}/signatures": {
    prepare: (f) => signer(f),
    request: (f) => ({
      params: { id: String(f.visitId) },
      body: { meaning: "approve", email: f.user.email, password: f.user.password },
    }),
    rows: (f, answer) => [signRow(f, "visit", f.visitId, answer)],
  },
  "POST /api/patients/{id}/signatures": {
    prepare: (f) => signer(f),
    request: (f) => ({
      params: { id: String(f.patientId) },
      body: { meaning: "review", email: f.user.email, password: f.user.password },
    }),
    rows: (f, answer) => [signRow(f, "patient", f.patientId, answer)],
  },
  // Source data verification and form status (decision 0031): one update row each.
  "POST /api/visits/{id}/verify": {
    request: (f) => ({ params: { id: String(f.visitId) }, body: { fields: ["visit_date"] } }),
    rows: (f) => [
      {
        action: "update",
        entityType: "visit",
        entityId: String(f.visitId),
        studyId: f.studyId,
        oldValues: { verification: { visit_date: null }, form_status: "in_progress" },
        newValues: {
          verification: { visit_date: { state: "verified", by: f.caller.userId, at: expect.any(String) } },
          form_status: "in_progress",
        },
      },
    ],
  },
  "DELETE /api/visits/{id}/verify": {
    prepare: (f) => review(f, "visits", f.visitId, "verify"),
    request: (f) => ({ params: { id: String(f.visitId) }, body: { fields: "all", reason: REASON } }),
    rows: (f) => [
      {
        action: "update",
        entityType: "visit",
        entityId: String(f.visitId),
        studyId: f.studyId,
        reason: REASON,
        oldValues: anyObject({ form_status: "in_progress" }),
        newValues: anyObject({ verification: anyObject({ visit_date: null }) }),
      },
    ],
  },
  "POST /api/visits/{id}/complete": {
    request: (f) => ({ params: { id: String(f.visitId) } }),
    rows: (f) => [
      {
        action: "update",
        entityType: "visit",
        entityId: String(f.visitId),
        studyId: f.studyId,
        oldValues: { completed_at: null, form_status: "in_progress" },
        newValues: { completed_at: expect.any(String), form_status: "complete" },
      },
    ],
  },
  "DELETE /api/visits/{id}/complete": {
    prepare: (f) => review(f, "visits", f.visitId, "complete"),
    request: (f) => ({ params: { id: String(f.visitId) }, body: { reason: REASON } }),
    rows: (f) => [
      {
        action: "update",
        entityType: "visit",
        entityId: String(f.visitId),
        studyId: f.studyId,
        reason: REASON,
        oldValues: { completed_at: expect.any(String), form_status: "complete" },
        newValues: { completed_at: null, form_status: "in_progress" },
      },
    ],
  },
  "POST /api/patients/{id}/verify": {
    request: (f) => ({ params: { id: String(f.patientId) }, body: { fields: ["sex"] } }),
    rows: (f) => [
      {
        action: "update",
        entityType: "patient",
        entityId: String(f.patientId),
        studyId: f.studyId,
        oldValues: { verification: { sex: null }, form_status: "in_progress" },
        newValues: {
          verification: { sex: { state: "verified", by: f.caller.userId, at: expect.any(String) } },
          form_status: "in_progress",
        },
      },
    ],
  },
  "DELETE /api/patients/{id}/verify": {
    prepare: (f) => review(f, "patients", f.patientId, "verify"),
    request: (f) => ({ params: { id: String(f.patientId) }, body: { fields: "all", reason: REASON } }),
    rows: (f) => [
      {
        action: "update",
        entityType: "patient",
        entityId: String(f.patientId),
        studyId: f.studyId,
        reason: REASON,
        oldValues: anyObject({ form_status: "in_progress" }),
        newValues: anyObject({ verification: anyObject({ sex: null }) }),
      },
    ],
  },
  "POST /api/patients/{id}/complete": {
    request: (f) => ({ params: { id: String(f.patientId) } }),
    rows: (f) => [
      {
        action: "update",
        entityType: "patient",
        entityId: String(f.patientId),
        studyId: f.studyId,
        oldValues: { completed_at: null, form_status: "in_progress" },
        newValues: { completed_at: expect.any(String), form_status: "complete" },
      },
    ],
  },
  "DELETE /api/patients/{id}/complete": {
    prepare: (f) => review(f, "patients", f.patientId, "complete"),
    request: (f) => ({ params: { id: String(f.patientId) }, body: { reason: REASON } }),
    rows: (f) => [
      {
        action: "update",
        entityType: "patient",
        entityId: String(f.patientId),
        studyId: f.studyId,
        reason: REASON,
        oldValues: { completed_at: expect.any(String), form_status: "complete" },
        newValues: { completed_at: null, form_status: "in_progress" },
      },
    ],
  },
  "POST /api/admin/users": {
    request: () => ({ body: newUserBody("admin") }),
    rows: (_f, answer) => [
      {
        action: "create",
        entityType: "user",
        entityId: String(answer.id),
        studyId: null,
        newValues: anyObject({ email: newUserBody("admin").email }),
      },
    ],
  },
  "PUT /api/admin/users/{id}": {
    request: (f) => ({ params: { id: String(f.user.id) }, body: { full_name: "Renamed", version: 1 } }),
    rows: (f) => [
      {
        action: "update",
        entityType: "user",
        entityId: String(f.user.id),
        studyId: null,
        oldValues: { full_name: f.user.fullName },
        newValues: { full_name: "Renamed" },
      },
    ],
  },
  "DELETE /api/admin/users/{id}": {
    request: (f) => ({ params: { id: String(f.user.id) } }),
    rows: (f) => [
      {
        action: "update",
        entityType: "user",
        entityId: String(f.user.id),
        studyId: null,
        reason: "deactivated",
        oldValues: { is_active: true },
        newValues: { is_active: false },
      },
    ],
  },
  // Two-factor sign-in and account controls (decision 0033).
  "POST /api/auth/totp": {
    request: async (f) => {
      const db = await getDb();
      await db
        .update(users)
        .set({ totpSecret: null, totpEnabledAt: null })
        .where(eq(users.id, f.caller.userId));
      return {};
    },
    rows: (f) => [
      {
        action: "update",
        entityType: "user",
        entityId: String(f.caller.userId),
        studyId: null,
        reason: "Two-factor enrolment started",
      },
    ],
  },
  "POST /api/auth/totp/confirm": {
    request: async (f) => {
      const secret = generateSecret();
      const db = await getDb();
      await db
        .update(users)
        .set({ totpSecret: seal(secret), totpEnabledAt: null })
        .where(eq(users.id, f.caller.userId));
      return { body: { code: await generate({ secret }) } };
    },
    rows: (f) => [
      {
        action: "update",
        entityType: "user",
        entityId: String(f.caller.userId),
        studyId: null,
        reason: "Two-factor sign-in enabled; 10 recovery codes issued",
        oldValues: { totp_enabled: false },
        newValues: { totp_enabled: true },
      },
    ],
  },
  "POST /api/admin/users/{id}/totp/reset": {
    request: (f) => ({ params: { id: String(f.user.id) } }),
    rows: (f) => [
      {
        action: "update",
        entityType: "user",
        entityId: String(f.user.id),
        studyId: null,
        reason: "Second factor reset by an administrator; 0 recovery code(s) removed",
        oldValues: { totp_enabled: false },
        newValues: { totp_enabled: false },
      },
    ],
  },
  "POST /api/admin/users/{id}/identity-verification": {
    request: (f) => ({
      params: { id: String(f.user.id) },
      body: { method: "Passport checked in person" },
    }),
    rows: (f) => [
      {
        action: "update",
        entityType: "user",
        entityId: String(f.user.id),
        studyId: null,
        reason: "Identity verified before electronic signature",
        oldValues: {
          identity_verified_at: null,
          identity_verified_by: null,
          identity_verification_method: null,
        },
        newValues: anyObject({ identity_verification_method: "Passport checked in person" }),
      },
    ],
  },
  "POST /api/admin/user-study-roles": {
    request: (f) => ({ body: { user_id: f.user.id, study_id: f.studyId, role: "study_monitor" } }),
    rows: (f, answer) => [
      {
        action: "create",
        entityType: "user_study_role",
        entityId: String(answer.id),
        studyId: f.studyId,
        newValues: anyObject({ user_id: f.user.id, role: "study_monitor" }),
      },
    ],
  },
  "PUT /api/admin/user-study-roles/{id}": {
    request: (f) => ({ params: { id: String(f.assignmentId) }, body: { role: "data_manager" } }),
    rows: (f) => [
      {
        action: "update",
        entityType: "user_study_role",
        entityId: String(f.assignmentId),
        studyId: f.studyId,
        oldValues: anyObject({ role: "read_only" }),
        newValues: anyObject({ role: "data_manager" }),
      },
    ],
  },
  "DELETE /api/admin/user-study-roles/{id}": {
    request: (f) => ({ params: { id: String(f.assignmentId) } }),
    rows: (f) => [
      {
        action: "delete",
        entityType: "user_study_role",
        entityId: String(f.assignmentId),
        studyId: f.studyId,
        oldValues: anyObject({ role: "read_only" }),
      },
    ],
  },
  "POST /api/studies/{id}/medical-groups": {
    request: (f) => ({ params: { id: String(f.studyId) }, body: { code: "cov9", name: "Coverage group" } }),
    rows: (f, answer) => [
      {
        action: "create",
        entityType: "medical_group",
        entityId: String(answer.id),
        studyId: f.studyId,
        newValues: anyObject({ code: "COV9", name: "Coverage group" }),
      },
    ],
  },
  "PUT /api/studies/{id}/medical-groups/{groupId}": {
    request: (f) => ({
      params: { id: String(f.studyId), groupId: String(f.groupId) },
      body: { name: "Renamed group" },
    }),
    rows: (f) => [
      {
        action: "update",
        entityType: "medical_group",
        entityId: String(f.groupId),
        studyId: f.studyId,
        oldValues: anyObject({ name: "Group" }),
        newValues: anyObject({ name: "Renamed group" }),
      },
    ],
  },
  "DELETE /api/studies/{id}/medical-groups/{groupId}": {
    request: (f) => ({ params: { id: String(f.studyId), groupId: String(f.groupId) } }),
    rows: (f) => [
      {
        action: "delete",
        entityType: "medical_group",
        entityId: String(f.groupId),
        studyId: f.studyId,
        oldValues: anyObject({ name: "Group" }),
      },
    ],
  },
  // Homepage content and uploads (decision 0014).
  "POST /api/studies/{id}/contents": {
    request: (f) => ({
      params: { id: String(f.studyId) },
      body: { type: "text_block", title: "Welcome", content: { html: "<p>Hello</p>" } },
    }),
    rows: (f, answer) => [
      {
        action: "create",
        entityType: "content_block",
        entityId: String(answer.id),
        studyId: f.studyId,
        newValues: anyObject({ type: "text_block", title: "Welcome" }),
      },
    ],
  },
  "PATCH /api/studies/{id}/contents/{contentId}": {
    request: (f) => ({
      params: { id: String(f.studyId), contentId: String(f.contentId) },
      body: { is_visible: false },
    }),
    rows: (f) => [
      {
        action: "update",
        entityType: "content_block",
        entityId: String(f.contentId),
        studyId: f.studyId,
        oldValues: { is_visible: true },
        newValues: { is_visible: false },
      },
    ],
  },
  "DELETE /api/studies/{id}/contents/{contentId}": {
    request: (f) => ({ params: { id: String(f.studyId), contentId: String(f.contentId) } }),
    rows: (f) => [
      {
        action: "delete",
        entityType: "content_block",
        entityId: String(f.contentId),
        studyId: f.studyId,
        oldValues: anyObject({ title: "Block" }),
      },
    ],
  },
  "POST /api/studies/{id}/contents/reorder": {
    request: (f) => ({ params: { id: String(f.studyId) }, body: { content_ids: [f.contentId] } }),
    rows: (f) => [
      {
        action: "update",
        entityType: "content_block",
        entityId: null,
        studyId: f.studyId,
        reason: "reorder",
        oldValues: { order: { [f.contentId]: 0 } },
        newValues: { order: { [f.contentId]: 0 } },
      },
    ],
  },
  "POST /api/upload": {
    request: (f) => ({ query: { study_id: String(f.studyId) }, file: { name: "a.pdf", bytes: PDF_BYTES } }),
    rows: (f, answer) => [
      {
        action: "create",
        entityType: "upload",
        entityId: String(answer.id),
        studyId: f.studyId,
        newValues: {
          purpose: "attachment",
          file_name: "a.pdf",
          content_type: "application/pdf",
          file_size: PDF_BYTES.byteLength,
        },
      },
    ],
  },
  "POST /api/studies/{id}/logo": {
    request: (f) => ({ params: { id: String(f.studyId) }, file: { name: "logo.png", bytes: PNG_BYTES } }),
    rows: (f, answer) => [
      {
        action: "create",
        entityType: "upload",
        entityId: String(answer.id),
        studyId: f.studyId,
        newValues: {
          purpose: "logo",
          file_name: "logo.png",
          content_type: "image/png",
          file_size: PNG_BYTES.byteLength,
        },
      },
    ],
  },
  "POST /api/admin/audit-logs/verify": {
    request: () => ({}),
    rows: (_f, answer) => [
      {
        action: "view",
        entityType: "audit_chain",
        entityId: String(answer.id),
        studyId: null,
        reason: "Chain verification started",
      },
    ],
  },
  // Patient freeze and study lock (docs/decisions/0034-patient-and-study-lock.md): one lock or
  // unlock row with the reason, the lock state before and after.
  "POST /api/patients/{id}/lock": {
    request: (f) => ({ params: { id: String(f.patientId) }, body: { reason: REASON } }),
    rows: (f) => [
      {
        action: "lock",
        entityType: "patient",
        entityId: String(f.patientId),
        studyId: f.studyId,
        reason: REASON,
        oldValues: { locked_at: null, locked_by: null },
        newValues: { locked_at: expect.any(String), locked_by: f.caller.userId },
      },
    ],
  },
  "POST /api/patients/{id}/unlock": {
    prepare: async (f) => {
      const { POST } = await import("@/app/api/patients/[id]/lock/route");
      const res = await callRoute(POST, "POST", "/api/patients/{id}/lock", f.caller.headers, {
        params: { id: String(f.patientId) },
        body: { reason: REASON },
      });
      expect(res.status).toBe(200);
      return {};
    },
    request: (f) => ({ params: { id: String(f.patientId) }, body: { reason: REASON } }),
    rows: (f) => [
      {
        action: "unlock",
        entityType: "patient",
        entityId: String(f.patientId),
        studyId: f.studyId,
        reason: REASON,
        oldValues: { locked_at: expect.any(String), locked_by: f.caller.userId },
        newValues: { locked_at: null, locked_by: null },
      },
    ],
  },
  // Bulk import (docs/decisions/0037-bulk-import.md): the start is audited before the file is read;
  // a preview writes nothing more (its check pass is rolled back).
  "POST /api/studies/{id}/imports": {
    request: (f) => ({
      params: { id: String(f.studyId) },
      file: { name: "coverage.csv", bytes: IMPORT_CSV },
      fields: IMPORT_FIELDS,
    }),
    rows: (f, answer) => [
      {
        action: "create",
        entityType: "import_job",
        entityId: String(answer.id),
        studyId: f.studyId,
        newValues: {
          mode: "preview",
          format: "csv-long",
          file_name: "coverage.csv",
          file_sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
          file_bytes: IMPORT_CSV.byteLength,
        },
      },
    ],
  },
  "POST /api/studies/{id}/imports/{jobId}/cancel": {
    prepare: async (f) => ({ importJobId: (await importJobOf(f.studyId, f.caller.userId)).id }),
    request: (f) => ({ params: { id: String(f.studyId), jobId: String(f.importJobId) } }),
    rows: (f) => [
      {
        action: "update",
        entityType: "import_job",
        entityId: String(f.importJobId),
        studyId: f.studyId,
        oldValues: { cancel_requested: false },
        newValues: { cancel_requested: true },
      },
    ],
  },
  "POST /api/studies/{id}/lock": {
    request: (f) => ({ params: { id: String(f.studyId) }, body: { reason: REASON } }),
    rows: (f) => [
      {
        action: "lock",
        entityType: "study",
        entityId: String(f.studyId),
        studyId: f.studyId,
        reason: REASON,
        oldValues: { locked_at: null, locked_by: null },
        newValues: { locked_at: expect.any(String), locked_by: f.caller.userId },
      },
    ],
  },
  "POST /api/studies/{id}/unlock": {
    prepare: async (f) => {
      const { POST } = await import("@/app/api/studies/[id]/lock/route");
      const res = await callRoute(POST, "POST", "/api/studies/{id}/lock", f.caller.headers, {
        params: { id: String(f.studyId) },
        body: { reason: REASON },
      });
      expect(res.status).toBe(200);
      return {};
    },
    request: (f) => ({ params: { id: String(f.studyId) }, body: { reason: REASON } }),
    rows: (f) => [
      {
        action: "unlock",
        entityType: "study",
        entityId: String(f.studyId),
        studyId: f.studyId,
        reason: REASON,
        oldValues: { locked_at: expect.any(String), locked_by: f.caller.userId },
        newValues: { locked_at: null, locked_by: null },
      },
    ],
  },
};

const isMutating = (c: ApiContract) => c.method !== "GET";
let admin: Fixture["caller"];

const newUserBody = (tag: string) => ({
  email: `coverage-${tag}-${process.pid}@example.org`,
  password: "a sturdy passphrase",
  full_name: `Coverage ${tag}`,
  role_level: "user",
});

/** `f.user` as a principal investigator of the study whose identity was verified: a signer. */
async function signer(f: Fixture): Promise<Partial<Fixture>> {
  const db = await getDb();
  await db
    .insert(userStudyRoles)
    .values({ userId: f.user.id, studyId: f.studyId, role: "principal_investigator" });
  await db
    .update(users)
    .set({
      identityVerifiedAt: new Date(),
      identityVerifiedBy: admin.userId,
      identityVerificationMethod: "coverage",
    })
    .where(eq(users.id, f.user.id));
  return ownCaller(f.user);
}

function signRow(
  f: Fixture,
  entityType: "visit" | "patient",
  entityId: number,
  answer: Record<string, unknown>,
) {
  return {
    action: "sign" as const,
    entityType,
    entityId: String(entityId),
    studyId: f.studyId,
    newValues: {
      signature_id: answer.id,
      signer_name: f.user.fullName,
      meaning: answer.meaning,
      meaning_text: answer.meaning_text,
      signed_at: answer.signed_at,
      data_hash: answer.data_hash,
      covered: expect.any(Object),
      proof: "full",
    },
  };
}

async function ownCaller(user: User): Promise<Partial<Fixture>> {
  return { caller: (await sessionOf(user)).caller };
}

async function sessionOf(user: User) {
  const { signAccessToken } = await import("@/lib/server/auth/tokens");
  const db = await getDb();
  const { session, refreshToken } = await openSession(db, user, "api", {
    ip: "127.0.0.1",
    userAgent: "coverage",
  });
  const headers = { authorization: `Bearer ${await signAccessToken(user.id, session.id)}` };
  return { caller: { headers, userId: user.id, email: user.email }, refresh: refreshToken! };
}

const DEMO = StudyConfigSchema.parse(DEMO_STUDY_CONFIG);

/** The demo study's data dictionary plus one new optional visit field (a compatible change). */
function dictionaryWithNewField(): string {
  const cells: Record<string, string> = {
    variable_name: "coverage_note",
    entity: "visit",
    field_type: "text",
    field_label_en: "Coverage note",
  };
  return dictionaryCsv(DEMO, "en") + DICTIONARY_COLUMNS.map((c) => cells[c] ?? "").join(",") + "\r\n";
}

/** A draft amendment of the fixture's study, made through its route (the approve and check entries). */
async function draftVersion(f: Fixture): Promise<number> {
  const { POST } = await import("@/app/api/studies/[id]/protocol-versions/route");
  const res = await callRoute(POST, "POST", "/api/studies/{id}/protocol-versions", f.caller.headers, {
    params: { id: String(f.studyId) },
    body: { amendment_reason: "Draft to decide", effective_from: "2026-01-01", config: DEMO_STUDY_CONFIG },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return (res.json as { id: number }).id;
}

/** A fresh study, patient, visit, group, assignment, user and template for one endpoint's call. */
async function freshFixture(): Promise<Fixture> {
  const db = await getDb();
  const study = await createStudy(admin);
  const { POST: createPatient } = await import("@/app/api/patients/route");
  const patient = await callRoute(createPatient, "POST", "/api/patients", admin.headers, {
    body: patientBody(study.id, "COV-1"),
  });
  expect(patient.status, JSON.stringify(patient.json)).toBe(201);
  const patientId = (patient.json as { id: number }).id;
  const { POST: createVisit } = await import("@/app/api/visits/route");
  const visit = await callRoute(createVisit, "POST", "/api/visits", admin.headers, {
    body: visitBody(patientId),
  });
  expect(visit.status, JSON.stringify(visit.json)).toBe(201);
  const user = await createUser();
  const assigned = await createUser();
  const [group] = await db
    .insert(medicalGroups)
    .values({ studyId: study.id, code: "GRP", name: "Group" })
    .returning();
  const [assignment] = await db
    .insert(userStudyRoles)
    .values({ userId: assigned.id, studyId: study.id, role: "read_only" })
    .returning();
  const [block] = await db
    .insert(contentBlocks)
    .values({ studyId: study.id, type: "text_block", title: "Block", content: { html: "<p>x</p>" } })
    .returning();
  const [template] = await db
    .insert(fieldTemplates)
    .values({ name: "Doomed template", fields: [], isGlobal: true, createdBy: admin.userId })
    .returning();
  return {
    caller: admin,
    studyId: study.id,
    patientId,
    visitId: (visit.json as { id: number }).id,
    groupId: group!.id,
    assignmentId: assignment!.id,
    user,
    templateId: template!.id,
    contentId: block!.id,
  };
}

/** A query on the fixture's visit, opened (and closed when `closed`) before the call under test. */
async function queryOf(f: Fixture, closed: boolean): Promise<Partial<Fixture>> {
  const { POST } = await import("@/app/api/queries/route");
  const opened = await callRoute(POST, "POST", "/api/queries", f.caller.headers, {
    body: {
      study_id: f.studyId,
      entity_type: "visit",
      entity_id: f.visitId,
      field: "pasi_score",
      text: "Check",
    },
  });
  expect(opened.status, JSON.stringify(opened.json)).toBe(201);
  const queryId = (opened.json as { id: number }).id;
  if (closed) {
    const { POST: close } = await import("@/app/api/queries/[id]/close/route");
    const res = await callRoute(close, "POST", "/api/queries/{id}/close", f.caller.headers, {
      params: { id: String(queryId) },
      body: { text: "Closed" },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
  }
  return { queryId };
}

/** The record verified ("verify": its first own column) or marked complete before the call. */
async function review(
  f: Fixture,
  entity: "visits" | "patients",
  id: number,
  step: "verify" | "complete",
): Promise<Partial<Fixture>> {
  const route =
    step === "verify"
      ? entity === "visits"
        ? await import("@/app/api/visits/[id]/verify/route")
        : await import("@/app/api/patients/[id]/verify/route")
      : entity === "visits"
        ? await import("@/app/api/visits/[id]/complete/route")
        : await import("@/app/api/patients/[id]/complete/route");
  const field = entity === "visits" ? "visit_date" : "sex";
  const res = await callRoute(route.POST, "POST", `/api/${entity}/{id}/${step}`, f.caller.headers, {
    params: { id: String(id) },
    body: step === "verify" ? { fields: [field] } : undefined,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return {};
}

/** A query on the visit and an unread notification of the caller about it. */
async function notificationOf(f: Fixture): Promise<Partial<Fixture>> {
  const { queryId } = await queryOf(f, false);
  const db = await getDb();
  const [row] = await db
    .insert(notifications)
    .values({ userId: f.caller.userId, studyId: f.studyId, queryId: queryId!, kind: "query_answered" })
    .returning({ id: notifications.id });
  return { queryId, notificationId: row!.id };
}

async function lastAuditId(): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ id: max(auditLogs.id) }).from(auditLogs);
  return row?.id ?? 0;
}

beforeAll(async () => {
  const caller = await callerFor({ roleLevel: "superadmin" });
  const db = await getDb();
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, caller.userId));
  admin = { ...caller, email: row!.email };
}, 60_000);

describe("audit coverage of every mutating endpoint", () => {
  it("has an expectation for every mutating route of the route table, and none for a route that does not exist", () => {
    const mutating = API_CONTRACTS.filter(isMutating).map(routeKey);
    const missing = mutating.filter((k) => !(k in EXPECTED_AUDIT));
    const stale = Object.keys(EXPECTED_AUDIT).filter((k) => !mutating.includes(k));
    expect(
      missing.map(
        (k) =>
          `${k}: a mutating route with no expected audit rows — add it to EXPECTED_AUDIT in tests/api/audit-coverage.test.ts`,
      ),
    ).toEqual([]);
    expect(stale.map((k) => `${k}: in EXPECTED_AUDIT but not a mutating route of api-contracts.ts`)).toEqual(
      [],
    );
    process.stdout.write(`audit coverage: ${mutating.length} mutating endpoints: ${mutating.join(", ")}\n`);
  });

  it("writes exactly the expected audit rows for each mutating endpoint", async () => {
    const db = await getDb();
    const problems: string[] = [];
    let checked = 0;
    for (const contract of API_CONTRACTS.filter(isMutating)) {
      const entry = EXPECTED_AUDIT[routeKey(contract)];
      if (!entry) continue; // reported by the test above
      const base = await freshFixture();
      const fixture = { ...base, ...(await entry.prepare?.(base)) } as Fixture;
      const request = await entry.request(fixture);
      const before = await lastAuditId();
      const startedAt = Date.now();
      const res = await callRoute(
        await handlerOf(contract),
        contract.method,
        contract.path,
        fixture.caller.headers,
        request,
      );
      const endedAt = Date.now();
      if (res.status < 200 || res.status >= 300) {
        problems.push(
          `${routeKey(contract)}: answered ${res.status} ${JSON.stringify(res.json).slice(0, 200)}`,
        );
        continue;
      }
      const rows = await db
        .select()
        .from(auditLogs)
        .where(gt(auditLogs.id, before))
        .orderBy(asc(auditLogs.id));
      const answer = (res.json ?? {}) as Record<string, unknown>;
      const expected = entry.rows(fixture, answer).map((row) => ({
        action: row.action,
        entityType: row.entityType,
        entityId: row.entityId,
        studyId: row.studyId,
        userId: row.userId === undefined ? fixture.caller.userId : row.userId,
        userEmail: row.userEmail === undefined ? fixture.caller.email : row.userEmail,
        reason: row.reason ?? null,
        oldValues: row.oldValues ?? null,
        newValues: row.newValues ?? null,
      }));
      const actual = rows.map((row) => ({
        action: row.action,
        entityType: row.entityType,
        entityId: row.entityId,
        studyId: row.studyId,
        userId: row.userId,
        userEmail: row.userEmail,
        reason: row.reason,
        oldValues: row.oldValues,
        newValues: row.newValues,
      }));
      try {
        expect(actual).toEqual(expected);
      } catch {
        problems.push(
          `${routeKey(contract)}: expected ${JSON.stringify(expected)}\n   got ${JSON.stringify(actual)}`,
        );
      }
      // Stored as an instant (timestamptz, read back in UTC), taken during the call.
      for (const row of rows) {
        const at = row.timestamp.getTime();
        if (at < startedAt - 1000 || at > endedAt + 1000)
          problems.push(
            `${routeKey(contract)}: row ${row.id} timestamp ${row.timestamp.toISOString()} outside the call`,
          );
      }
      checked++;
    }
    expect(problems).toEqual([]);
    expect(checked).toBe(API_CONTRACTS.filter(isMutating).length);
    process.stdout.write(
      `audit coverage: ${checked} mutating endpoints called, 0 missing or unexpected audit rows\n`,
    );
  }, 300_000);
});
