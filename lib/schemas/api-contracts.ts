import { ImportJobListResponse, ImportJobResponse, ImportStartFields } from "./import-jobs";
import type { ZodType } from "zod";
import { HealthResponse } from "./health";
import { LockStateResponse } from "./data-lock";
import {
  FieldSchemaQuery,
  FieldSchemaResponse,
  ResolveStudyQuery,
  ResolveStudyResponse,
  StudyCreateBody,
  StudyListResponse,
  StudyResponse,
  StudyUpdateBody,
} from "./studies";
import {
  PatientCreateBody,
  PatientGroupMoveBody,
  PatientListQuery,
  PatientListResponse,
  PatientResponse,
  PatientUpdateBody,
  ReasonBody,
} from "./patients";
import { DashboardResponse, ReportQuery, TherapyOutcomesResponse } from "./reports";
import { UnverifyBody, VerifyBody } from "./review-requests";
import { OverdueVisitsQuery, OverdueVisitsResponse, PatientScheduleResponse } from "./schedule";
import {
  QueryCreateBody,
  QueryExportQuery,
  QueryListQuery,
  QueryListResponse,
  QueryResponse,
  QueryResponseBody,
  QueryStepBody,
} from "./queries";
import { SdvListQuery, SdvListResponse } from "./sdv";
import { SignatureListResponse, SignatureResponse, SignBody } from "./signatures";
import { NotificationListQuery, NotificationListResponse, NotificationReadResponse } from "./notifications";
import { VisitCreateBody, VisitListQuery, VisitListResponse, VisitResponse, VisitUpdateBody } from "./visits";
import {
  AuditEntryListResponse,
  AuditExportQuery,
  AuditLogListQuery,
  AuditLogListResponse,
  AuditStatisticsQuery,
  AuditStatisticsResponse,
  ChainVerificationJob,
  EntityTrailQuery,
  EntityTrailResponse,
  UserActivityQuery,
} from "./audit-logs";
import {
  FieldTemplateCreateBody,
  FieldTemplateListQuery,
  FieldTemplateListResponse,
  FieldTemplateResponse,
} from "./field-templates";
import { FieldUsageResponse } from "./field-usage";
import { StudyExportQuery } from "./study-export";
import {
  DictionaryImportBody,
  DictionaryImportResponse,
  DictionaryPreviewBody,
  DictionaryPreviewResponse,
} from "./data-dictionary";
import {
  CompatibilityResult,
  ProtocolVersionApproveBody,
  ProtocolVersionCreateBody,
  ProtocolVersionListResponse,
  ProtocolVersionResponse,
} from "./protocol-versions";
import {
  AdminUserCreateBody,
  AdminUserListQuery,
  AdminUserListResponse,
  AdminUserResponse,
  AdminUserUpdateBody,
  MedicalGroupCreateBody,
  MedicalGroupListQuery,
  MedicalGroupListResponse,
  MedicalGroupResponse,
  MedicalGroupUpdateBody,
  PasswordChangeBody,
  UserStudyRoleCreateBody,
  UserStudyRoleListQuery,
  UserStudyRoleListResponse,
  UserStudyRoleResponse,
  UserStudyRoleUpdateBody,
} from "./users";
import {
  ContentBlockCreateBody,
  ContentBlockResponse,
  ContentBlockUpdateBody,
  ContentListQuery,
  ContentListResponse,
  ContentReorderBody,
  UploadQuery,
  UploadResponse,
} from "./contents";
import {
  IdentityVerificationBody,
  SignInHistoryResponse,
  TotpConfirmBody,
  TotpConfirmResponse,
  TotpEnrolmentResponse,
} from "./two-factor";
import { ApiTokenCreateBody, ApiTokenCreatedResponse, ApiTokenListResponse } from "./api-tokens";
import {
  DetailResponse,
  LoginBody,
  OwnLocaleBody,
  RefreshBody,
  RegisterBody,
  TokenResponse,
  UserResponse,
} from "./auth";

export type ApiContract = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** OpenAPI path template, e.g. /api/studies/{id}. */
  path: string;
  summary: string;
  auth: boolean;
  body?: ZodType;
  query?: ZodType;
  response?: ZodType;
  status?: number;
  /** The body is multipart/form-data with one `file` part (uploads), not JSON. */
  multipart?: boolean;
};

/**
 * Every endpoint that exists, with the zod schemas its route uses. The OpenAPI document is generated
 * from this list, and a test checks that each app/api route file has its entry here.
 */
export const API_CONTRACTS: ApiContract[] = [
  {
    method: "POST",
    path: "/api/auth/login",
    summary: "Sign in and get API tokens",
    auth: false,
    body: LoginBody,
    response: TokenResponse,
  },
  {
    method: "POST",
    path: "/api/auth/refresh",
    summary: "Rotate the refresh token",
    auth: false,
    body: RefreshBody,
    response: TokenResponse,
  },
  { method: "GET", path: "/api/auth/me", summary: "The signed-in user", auth: true, response: UserResponse },
  {
    method: "PUT",
    path: "/api/auth/me/locale",
    summary: "Choose the signed-in user's own language (en, it; null follows the study and the browser)",
    auth: true,
    body: OwnLocaleBody,
    response: UserResponse,
  },
  {
    method: "POST",
    path: "/api/auth/logout",
    summary: "End the current session (cookie or bearer)",
    auth: true,
    response: DetailResponse,
  },
  // Personal API tokens (docs/decisions/0036-personal-api-tokens.md).
  {
    method: "POST",
    path: "/api/auth/tokens",
    summary:
      "Make a personal API token: a name, an expiry (at most a year), one study and read or write within the caller's role there; the token is answered once (only its hash is kept). Sent as Authorization: Bearer; not usable for tokens, account or administration endpoints",
    auth: true,
    body: ApiTokenCreateBody,
    response: ApiTokenCreatedResponse,
    status: 201,
  },
  {
    method: "GET",
    path: "/api/auth/tokens",
    summary: "The caller's personal API tokens, newest first, with when each was last used (to the minute)",
    auth: true,
    response: ApiTokenListResponse,
  },
  {
    method: "DELETE",
    path: "/api/auth/tokens/{id}",
    summary: "Revoke one of the caller's personal API tokens: it answers 401 from the next request",
    auth: true,
    status: 204,
  },
  {
    method: "POST",
    path: "/api/auth/register",
    summary: "Create a platform user (platform admins)",
    auth: true,
    body: RegisterBody,
    response: UserResponse,
    status: 201,
  },
  {
    method: "GET",
    path: "/api/studies",
    summary: "Studies the caller can see",
    auth: true,
    response: StudyListResponse,
  },
  {
    method: "POST",
    path: "/api/studies",
    summary: "Create a study (platform admins)",
    auth: true,
    body: StudyCreateBody,
    response: StudyResponse,
    status: 201,
  },
  {
    method: "GET",
    path: "/api/studies/{id}",
    summary: "One study with its configuration",
    auth: true,
    response: StudyResponse,
  },
  {
    method: "PUT",
    path: "/api/studies/{id}",
    summary: "Update a study (platform admins, data managers)",
    auth: true,
    body: StudyUpdateBody,
    response: StudyResponse,
  },
  {
    method: "GET",
    path: "/api/studies/{id}/field-schema",
    summary: "Fields of one entity, visit types, calculations, therapy switch",
    auth: true,
    query: FieldSchemaQuery,
    response: FieldSchemaResponse,
  },
  {
    method: "GET",
    path: "/api/studies/{id}/field-usage",
    summary: "How many live patients and visits hold a value per field name (for the Data Fields editor)",
    auth: true,
    response: FieldUsageResponse,
  },
  {
    method: "GET",
    path: "/api/studies/{id}/export",
    summary:
      "The study's data in the caller's patient scope, streamed: csv-long (a row per visit), csv-wide (a row per patient), odm (CDISC ODM 1.3.2); option labels, csv_format (comma, or semicolon with decimal commas for Excel in Italian), de-identification, a zip with dictionary, README and R/Python loaders; x-export-total-rows counts the records (audited)",
    auth: true,
    query: StudyExportQuery,
  },
  {
    method: "GET",
    path: "/api/studies/{id}/protocol-versions",
    summary: "Protocol versions of a study with patient and visit counts, and the active one",
    auth: true,
    response: ProtocolVersionListResponse,
  },
  {
    method: "POST",
    path: "/api/studies/{id}/protocol-versions",
    summary: "Create an amendment: a draft numbered latest + 1 holding a config snapshot",
    auth: true,
    body: ProtocolVersionCreateBody,
    status: 201,
    response: ProtocolVersionResponse,
  },
  {
    method: "POST",
    path: "/api/studies/{id}/protocol-versions/{versionId}/approve",
    summary: "Approve (approved true) or reject (approved false + rejection_reason) a draft version",
    auth: true,
    body: ProtocolVersionApproveBody,
    response: ProtocolVersionResponse,
  },
  {
    method: "POST",
    path: "/api/studies/{id}/protocol-versions/{versionId}/check-compatibility",
    summary: "Breaking changes and warnings of a version against the live config and stored data",
    auth: true,
    response: CompatibilityResult,
  },
  {
    method: "GET",
    path: "/api/studies/{id}/data-dictionary",
    summary:
      "The study's data dictionary as a CSV download data_dictionary_{code}_{timestamp}.csv (docs/data-dictionary.md; audited as an export)",
    auth: true,
  },
  {
    method: "POST",
    path: "/api/studies/{id}/data-dictionary/preview",
    summary:
      "What importing a data dictionary CSV would create, update and keep, its row-numbered issues and, once the study has patients, the compatibility with the stored data (writes nothing)",
    auth: true,
    body: DictionaryPreviewBody,
    response: DictionaryPreviewResponse,
  },
  {
    method: "POST",
    path: "/api/studies/{id}/data-dictionary/import",
    summary:
      "Apply a data dictionary CSV through the same rules as PUT /api/studies/{id} (version check, config rules, protocol-version governance); 422 names each bad row",
    auth: true,
    body: DictionaryImportBody,
    response: DictionaryImportResponse,
  },
  {
    method: "GET",
    path: "/api/field-templates",
    summary: "Field templates: global ones and the caller's personal ones",
    auth: true,
    query: FieldTemplateListQuery,
    response: FieldTemplateListResponse,
  },
  {
    method: "POST",
    path: "/api/field-templates",
    summary: "Create a field template (global ones need a platform administrator)",
    auth: true,
    body: FieldTemplateCreateBody,
    response: FieldTemplateResponse,
    status: 201,
  },
  {
    method: "DELETE",
    path: "/api/field-templates/{id}",
    summary: "Delete a field template (its creator only)",
    auth: true,
    status: 204,
  },
  {
    method: "GET",
    path: "/api/resolve-study",
    summary: "Study id for a subdomain or code",
    auth: true,
    query: ResolveStudyQuery,
    response: ResolveStudyResponse,
  },
  {
    method: "GET",
    path: "/api/patients",
    summary: "One page of a study's patients in the caller's scope (sort code|enrolled, code prefix search)",
    auth: true,
    query: PatientListQuery,
    response: PatientListResponse,
  },
  {
    method: "POST",
    path: "/api/patients",
    summary:
      "Enrol a patient (custom_fields checked against the study's patient fields; medical_group_id required when the study has groups, a sub-investigator's own group otherwise refused)",
    auth: true,
    body: PatientCreateBody,
    response: PatientResponse,
    status: 201,
  },
  {
    method: "GET",
    path: "/api/patients/{id}",
    summary: "One patient in the caller's scope",
    auth: true,
    response: PatientResponse,
  },
  {
    method: "PUT",
    path: "/api/patients/{id}",
    summary: "Change a patient (version and reason required; custom_fields merged)",
    auth: true,
    body: PatientUpdateBody,
    response: PatientResponse,
  },
  {
    method: "DELETE",
    path: "/api/patients/{id}",
    summary: "Soft-delete a patient (reason required)",
    auth: true,
    body: ReasonBody,
    status: 204,
  },
  {
    method: "PUT",
    path: "/api/patients/{id}/medical-group",
    summary:
      "Move a patient to another medical group of its study (principal investigator or admin; version and reason required; audited)",
    auth: true,
    body: PatientGroupMoveBody,
    response: PatientResponse,
  },
  {
    method: "GET",
    path: "/api/visits",
    summary:
      "Visits of one patient (patient_id) or one therapy line (therapy_line_id), in the caller's scope",
    auth: true,
    query: VisitListQuery,
    response: VisitListResponse,
  },
  {
    method: "POST",
    path: "/api/visits",
    summary: "Record a visit (data_fields checked, calculations stored, therapy line opened or switched)",
    auth: true,
    body: VisitCreateBody,
    response: VisitResponse,
    status: 201,
  },
  { method: "GET", path: "/api/visits/{id}", summary: "One visit", auth: true, response: VisitResponse },
  {
    method: "PUT",
    path: "/api/visits/{id}",
    summary: "Change a visit (version and reason required; data_fields merged; locked → 423)",
    auth: true,
    body: VisitUpdateBody,
    response: VisitResponse,
  },
  {
    method: "DELETE",
    path: "/api/visits/{id}",
    summary: "Soft-delete a visit (reason required; locked → 423)",
    auth: true,
    body: ReasonBody,
    status: 204,
  },
  {
    method: "GET",
    path: "/api/visits/patient/{patientId}",
    summary: "Visits of one patient in visit-number order",
    auth: true,
    response: VisitListResponse,
  },
  {
    method: "POST",
    path: "/api/visits/{id}/lock",
    summary: "Lock a visit (clinical.write); audited as lock",
    auth: true,
    response: VisitResponse,
  },
  {
    method: "POST",
    path: "/api/visits/{id}/unlock",
    summary: "Unlock a visit (principal investigator or platform admin, reason required); audited as unlock",
    auth: true,
    body: ReasonBody,
    response: VisitResponse,
  },
  // Source data verification and form status (decision 0031).
  {
    method: "POST",
    path: "/api/visits/{id}/verify",
    summary: 'Verify fields of a visit against the source (study monitor; names or "all"); audited as update',
    auth: true,
    body: VerifyBody,
    response: VisitResponse,
  },
  {
    method: "DELETE",
    path: "/api/visits/{id}/verify",
    summary: "Un-verify fields of a visit (study monitor, reason required); audited as update",
    auth: true,
    body: UnverifyBody,
    response: VisitResponse,
  },
  {
    method: "GET",
    path: "/api/visits/{id}/signatures",
    summary:
      "A visit's electronic signatures with their manifestation and state (valid / invalidated), and what the caller's next signature asks for",
    auth: true,
    response: SignatureListResponse,
  },
  {
    method: "POST",
    path: "/api/visits/{id}/signatures",
    summary:
      "Sign a visit (21 CFR Part 11): a meaning from the study's list, the password, and the email and second factor at the first signature of a session; audited as sign",
    auth: true,
    body: SignBody,
    response: SignatureResponse,
  },
  {
    method: "GET",
    path: "/api/patients/{id}/signatures",
    summary:
      "A patient's electronic signatures (the casebook's and every visit's) with their state, and what the caller's next signature asks for",
    auth: true,
    response: SignatureListResponse,
  },
  {
    method: "POST",
    path: "/api/patients/{id}/signatures",
    summary:
      "Sign a patient's whole casebook (21 CFR Part 11): as a visit's signature, over the patient's values and every live visit; audited as sign",
    auth: true,
    body: SignBody,
    response: SignatureResponse,
  },
  {
    method: "GET",
    path: "/api/sdv",
    summary:
      "The SDV page's list: a study's live visits in the caller's scope by patient and visit number, with form status and verification progress (verified / required), filtered (form status, visit type, medical group, patient) and keyset paged",
    auth: true,
    query: SdvListQuery,
    response: SdvListResponse,
  },
  {
    method: "POST",
    path: "/api/visits/{id}/complete",
    summary: "Mark a visit record complete (clinical.write; nothing required missing); audited as update",
    auth: true,
    response: VisitResponse,
  },
  {
    method: "DELETE",
    path: "/api/visits/{id}/complete",
    summary: "Take back a visit record's complete mark (clinical.write, reason required); audited as update",
    auth: true,
    body: ReasonBody,
    response: VisitResponse,
  },
  // Source data verification and form status (decision 0031).
  {
    method: "POST",
    path: "/api/patients/{id}/verify",
    summary:
      'Verify fields of a patient against the source (study monitor; names or "all"); audited as update',
    auth: true,
    body: VerifyBody,
    response: PatientResponse,
  },
  {
    method: "DELETE",
    path: "/api/patients/{id}/verify",
    summary: "Un-verify fields of a patient (study monitor, reason required); audited as update",
    auth: true,
    body: UnverifyBody,
    response: PatientResponse,
  },
  {
    method: "POST",
    path: "/api/patients/{id}/complete",
    summary: "Mark a patient record complete (clinical.write; nothing required missing); audited as update",
    auth: true,
    response: PatientResponse,
  },
  {
    method: "DELETE",
    path: "/api/patients/{id}/complete",
    summary:
      "Take back a patient record's complete mark (clinical.write, reason required); audited as update",
    auth: true,
    body: ReasonBody,
    response: PatientResponse,
  },
  {
    method: "GET",
    path: "/api/reports/dashboard",
    summary: "The study's figures over the caller's patient scope",
    auth: true,
    query: ReportQuery,
    response: DashboardResponse,
  },
  // The visit schedule (decision 0025).
  {
    method: "GET",
    path: "/api/patients/{id}/schedule",
    summary: "One patient's planned visits: due date, window and status on the clinical day",
    auth: true,
    response: PatientScheduleResponse,
  },
  // The casebook PDF (decision 0035): a binary download, no JSON schema.
  {
    method: "GET",
    path: "/api/patients/{id}/casebook.pdf",
    summary:
      "The patient's casebook as a tagged PDF in the caller's language (application/pdf, attachment {study}-{patient}-casebook.pdf): own fields, visits, calculations, source verification, data queries and signatures; audited as a print with the SHA-256 of the bytes sent",
    auth: true,
  },
  {
    method: "GET",
    path: "/api/reports/overdue-visits",
    summary: "Patients in the caller's scope whose next planned visit is overdue, longest first",
    auth: true,
    query: OverdueVisitsQuery,
    response: OverdueVisitsResponse,
  },
  {
    method: "GET",
    path: "/api/queries",
    summary:
      "Data queries of a study in the caller's scope, newest first, filtered (status, patient, visit, assignee, medical group, visit type, field, days open) and keyset paged",
    auth: true,
    query: QueryListQuery,
    response: QueryListResponse,
  },
  {
    method: "GET",
    path: "/api/queries/export",
    summary:
      "The threads of a study's data queries in the caller's scope as a CSV download {code}_queries_{timestamp}.csv (UTF-8 with a byte-order mark): a record per step, selected by the list's filters (audited as an export)",
    auth: true,
    query: QueryExportQuery,
  },
  {
    method: "POST",
    path: "/api/queries",
    summary:
      "Open a data query on a field of a patient or a visit, or on a visit as a whole (monitor, data manager, principal investigator; audited)",
    auth: true,
    body: QueryCreateBody,
    response: QueryResponse,
    status: 201,
  },
  {
    method: "GET",
    path: "/api/queries/{id}",
    summary: "A data query with its thread (caller's scope)",
    auth: true,
    response: QueryResponse,
  },
  {
    method: "POST",
    path: "/api/queries/{id}/responses",
    summary:
      "Answer a data query with a category and a text (the site: principal investigator, sub-investigator, medico; audited)",
    auth: true,
    body: QueryResponseBody,
    response: QueryResponse,
  },
  {
    method: "POST",
    path: "/api/queries/{id}/close",
    summary: "Close a data query with a text (the reviewer's roles; audited)",
    auth: true,
    body: QueryStepBody,
    response: QueryResponse,
  },
  {
    method: "POST",
    path: "/api/queries/{id}/reopen",
    summary: "Reopen an answered or closed data query with a text (the reviewer's roles; audited)",
    auth: true,
    body: QueryStepBody,
    response: QueryResponse,
  },
  // The data review's inbox (decision 0031): each user's own notifications.
  {
    method: "GET",
    path: "/api/notifications",
    summary:
      "Your own notifications (a query assigned to you, a query answered), newest first, keyset paged, only about queries still in your clinical scope; with your unread count",
    auth: true,
    query: NotificationListQuery,
    response: NotificationListResponse,
  },
  {
    method: "POST",
    path: "/api/notifications/{id}/read",
    summary: "Mark one of your own notifications read (audited)",
    auth: true,
    response: NotificationReadResponse,
  },
  {
    method: "POST",
    path: "/api/notifications/read-all",
    summary: "Mark all your notifications read (audited)",
    auth: true,
    response: NotificationReadResponse,
  },
  {
    method: "GET",
    path: "/api/reports/therapy-outcomes",
    summary: "Per therapy line: patients, visits, efficacy rate, switch reasons (caller's scope)",
    auth: true,
    query: ReportQuery,
    response: TherapyOutcomesResponse,
  },
  // Patient detail screen (decision 0009): the patient's audit trail.
  {
    method: "GET",
    path: "/api/admin/audit-logs/entity/{type}/{id}",
    summary:
      "Audit trail of one entity, newest first (type patient: its rows and its visits'; caller must be able to read the patient)",
    auth: true,
    query: EntityTrailQuery,
    response: EntityTrailResponse,
  },
  // The Audit Logs page (decision 0015): platform admins (policy audit.read).
  {
    method: "GET",
    path: "/api/admin/audit-logs",
    summary: "The audit trail, newest first, filtered and paged (cursor: keyset seek to nearby pages)",
    auth: true,
    query: AuditLogListQuery,
    response: AuditLogListResponse,
  },
  {
    method: "GET",
    path: "/api/admin/audit-logs/statistics",
    summary: "Total entries and the top five actions and users of the period and study",
    auth: true,
    query: AuditStatisticsQuery,
    response: AuditStatisticsResponse,
  },
  {
    method: "GET",
    path: "/api/admin/audit-logs/user/{id}",
    summary: "A user's latest audit entries (default 100)",
    auth: true,
    query: UserActivityQuery,
    response: AuditEntryListResponse,
  },
  {
    method: "GET",
    path: "/api/admin/audit-logs/export/csv",
    summary:
      "The filtered trail as a streamed CSV download audit_logs_{timestamp}.csv; csv_format=semicolon for Excel where the decimal mark is a comma (audited)",
    auth: true,
    query: AuditExportQuery,
  },
  {
    method: "POST",
    path: "/api/admin/audit-logs/verify",
    summary: "Start a background verification of the hash chain (one at a time; audited)",
    auth: true,
    response: ChainVerificationJob,
    status: 202,
  },
  {
    method: "GET",
    path: "/api/admin/audit-logs/verify/{jobId}",
    summary: "Progress and result of a chain verification",
    auth: true,
    response: ChainVerificationJob,
  },
  // Users, study team and medical groups (decision 0004).
  {
    method: "POST",
    path: "/api/auth/password",
    summary: "Change your own password (current password required; your other sessions end)",
    auth: true,
    body: PasswordChangeBody,
    response: DetailResponse,
  },
  {
    method: "GET",
    path: "/api/admin/users",
    summary: "Users (platform admins): search on email and name, role_level filter, 20 per page",
    auth: true,
    query: AdminUserListQuery,
    response: AdminUserListResponse,
  },
  {
    method: "POST",
    path: "/api/admin/users",
    summary: "Create a user (platform admins; only superadmins create administrators)",
    auth: true,
    body: AdminUserCreateBody,
    response: AdminUserResponse,
    status: 201,
  },
  {
    method: "GET",
    path: "/api/admin/users/{id}",
    summary: "One user",
    auth: true,
    response: AdminUserResponse,
  },
  {
    method: "PUT",
    path: "/api/admin/users/{id}",
    summary:
      "Change full_name, role_level, is_active, or set a temporary password (deactivation ends the user's sessions)",
    auth: true,
    body: AdminUserUpdateBody,
    response: AdminUserResponse,
  },
  {
    method: "DELETE",
    path: "/api/admin/users/{id}",
    summary: "Deactivate a user (never erased); their sessions and tokens end at once",
    auth: true,
    status: 204,
  },
  // Two-factor sign-in and account controls (decision 0033).
  {
    method: "POST",
    path: "/api/auth/totp",
    summary: "Start enrolling a TOTP second factor: the otpauth URI and its QR code",
    auth: true,
    response: TotpEnrolmentResponse,
  },
  {
    method: "POST",
    path: "/api/auth/totp/confirm",
    summary: "Confirm the TOTP enrolment with a first code; the ten recovery codes are answered once",
    auth: true,
    body: TotpConfirmBody,
    response: TotpConfirmResponse,
  },
  {
    method: "POST",
    path: "/api/admin/users/{id}/totp/reset",
    summary: "Clear a user's second factor (secret and recovery codes); they enrol again",
    auth: true,
    status: 204,
  },
  {
    method: "GET",
    path: "/api/admin/users/{id}/sign-ins",
    summary: "A user's latest sign-ins (succeeded or refused) with their address",
    auth: true,
    response: SignInHistoryResponse,
  },
  {
    method: "POST",
    path: "/api/admin/users/{id}/identity-verification",
    summary: "Record how a user's identity was verified before their first signature (21 CFR 11.100(b))",
    auth: true,
    body: IdentityVerificationBody,
    response: AdminUserResponse,
  },
  {
    method: "GET",
    path: "/api/admin/user-study-roles",
    summary: "A study's team (team.manage)",
    auth: true,
    query: UserStudyRoleListQuery,
    response: UserStudyRoleListResponse,
  },
  {
    method: "POST",
    path: "/api/admin/user-study-roles",
    summary: "Assign a user to a study (a sub-investigator needs a group of the same study)",
    auth: true,
    body: UserStudyRoleCreateBody,
    response: UserStudyRoleResponse,
    status: 201,
  },
  {
    method: "PUT",
    path: "/api/admin/user-study-roles/{id}",
    summary: "Change a study role (a role other than sub-investigator clears the group)",
    auth: true,
    body: UserStudyRoleUpdateBody,
    response: UserStudyRoleResponse,
  },
  {
    method: "DELETE",
    path: "/api/admin/user-study-roles/{id}",
    summary: "Remove a user from a study",
    auth: true,
    status: 204,
  },
  {
    method: "GET",
    path: "/api/studies/{id}/medical-groups",
    summary: "A study's medical groups with their live patient counts",
    auth: true,
    query: MedicalGroupListQuery,
    response: MedicalGroupListResponse,
  },
  {
    method: "POST",
    path: "/api/studies/{id}/medical-groups",
    summary: "Create a medical group (code uppercased, immutable)",
    auth: true,
    body: MedicalGroupCreateBody,
    response: MedicalGroupResponse,
    status: 201,
  },
  {
    method: "GET",
    path: "/api/studies/{id}/medical-groups/{groupId}",
    summary: "One medical group",
    auth: true,
    response: MedicalGroupResponse,
  },
  {
    method: "PUT",
    path: "/api/studies/{id}/medical-groups/{groupId}",
    summary: "Change a medical group's name and description",
    auth: true,
    body: MedicalGroupUpdateBody,
    response: MedicalGroupResponse,
  },
  {
    method: "DELETE",
    path: "/api/studies/{id}/medical-groups/{groupId}",
    summary: "Delete a medical group (409 while it has patients)",
    auth: true,
    status: 204,
  },
  { method: "GET", path: "/api/openapi.json", summary: "This document", auth: false },
  {
    method: "GET",
    path: "/api/health",
    summary: "Liveness (no database query), and whether the audit trail checks out",
    auth: false,
    response: HealthResponse,
  },
  {
    method: "GET",
    path: "/api/studies/{id}/contents",
    summary:
      "Homepage content blocks of a study (include_hidden for editors; lang for one language's readers)",
    auth: true,
    query: ContentListQuery,
    response: ContentListResponse,
  },
  {
    method: "POST",
    path: "/api/studies/{id}/contents",
    summary: "Create a content block (superusers)",
    auth: true,
    body: ContentBlockCreateBody,
    response: ContentBlockResponse,
    status: 201,
  },
  {
    method: "GET",
    path: "/api/studies/{id}/contents/{contentId}",
    summary: "One content block",
    auth: true,
    response: ContentBlockResponse,
  },
  {
    method: "PATCH",
    path: "/api/studies/{id}/contents/{contentId}",
    summary: "Change part of a content block (superusers)",
    auth: true,
    body: ContentBlockUpdateBody,
    response: ContentBlockResponse,
  },
  {
    method: "DELETE",
    path: "/api/studies/{id}/contents/{contentId}",
    summary: "Delete a content block; a layout row with its blocks (superusers)",
    auth: true,
    status: 204,
  },
  {
    method: "POST",
    path: "/api/studies/{id}/contents/reorder",
    summary: "Give the listed blocks the orders 0, 1, 2… (superusers)",
    auth: true,
    body: ContentReorderBody,
    status: 204,
  },
  {
    method: "POST",
    path: "/api/upload",
    summary: "Upload an attachment (pdf, doc, docx, xls, xlsx, ppt, pptx, txt, zip; 10 MB)",
    auth: true,
    query: UploadQuery,
    response: UploadResponse,
    status: 201,
    multipart: true,
  },
  {
    method: "POST",
    path: "/api/studies/{id}/logo",
    summary: "Upload a study logo (png, jpeg, webp, svg; 10 MB)",
    auth: true,
    response: UploadResponse,
    status: 201,
    multipart: true,
  },
  {
    method: "GET",
    path: "/api/files/{id}",
    summary: "Download an uploaded file (attachment; images inline), nosniff",
    auth: true,
  },
  // Patient freeze and study lock (docs/decisions/0034-patient-and-study-lock.md).
  {
    method: "POST",
    path: "/api/patients/{id}/lock",
    summary:
      "Freeze a patient (principal investigator or platform admin, reason required): every write to the patient or their visits answers 423 until unlocked; audited as lock",
    auth: true,
    body: ReasonBody,
    response: LockStateResponse,
  },
  {
    method: "POST",
    path: "/api/patients/{id}/unlock",
    summary:
      "Unfreeze a patient (principal investigator or platform admin, reason required); audited as unlock",
    auth: true,
    body: ReasonBody,
    response: LockStateResponse,
  },
  {
    method: "GET",
    path: "/api/studies/{id}/imports",
    summary:
      "A study's bulk import jobs, newest first, with their state, progress and counts (data managers, principal investigators, administrators)",
    auth: true,
    response: ImportJobListResponse,
  },
  {
    method: "POST",
    path: "/api/studies/{id}/imports",
    summary:
      "Start a bulk import of patients and visits (multipart: file up to 200 MB, CSV or the same compressed with gzip, format csv-long | csv-wide | redcap, mode preview | apply, optional csv_format, event_map, or preview_job_id instead of the file): answers the queued job at once (202); a preview writes nothing, an apply checks the whole file first and writes only when no issue blocks, in batches that commit whole (audited: one import row with the file's SHA-256, each record's row points at the job)",
    auth: true,
    body: ImportStartFields,
    response: ImportJobResponse,
    status: 202,
    multipart: true,
  },
  {
    method: "GET",
    path: "/api/studies/{id}/imports/{jobId}",
    summary:
      "One import job: state, progress (rows, rows/s, ETA), counts of patients and visits to create / update / leave / refuse, the REDCap event mapping, ignored columns and the first 200 issues with row, column and message",
    auth: true,
    response: ImportJobResponse,
  },
  {
    method: "GET",
    path: "/api/studies/{id}/imports/{jobId}/issues",
    summary:
      "Every issue of an import job's report as CSV (row, column, field, code, blocking, message in the caller's language); audited as an export",
    auth: true,
  },
  {
    method: "POST",
    path: "/api/studies/{id}/imports/{jobId}/cancel",
    summary:
      "Cancel an import job: a queued one at once, a running one after its current batch (batches written before stay); audited",
    auth: true,
    response: ImportJobResponse,
  },
  {
    method: "POST",
    path: "/api/studies/{id}/lock",
    summary:
      "Lock a whole study (platform admins, reason required): every write of every role in it answers 423 until unlocked; reads, exports and the audit trail go on; audited as lock",
    auth: true,
    body: ReasonBody,
    response: LockStateResponse,
  },
  {
    method: "POST",
    path: "/api/studies/{id}/unlock",
    summary: "Unlock a locked study (platform admins, reason required); audited as unlock",
    auth: true,
    body: ReasonBody,
    response: LockStateResponse,
  },
];
