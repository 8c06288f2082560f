import { z, type ZodType } from "zod";
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
  PatientListQuery,
  PatientListResponse,
  PatientResponse,
  PatientUpdateBody,
  ReasonBody,
} from "./patients";
import { DashboardResponse, ReportQuery, TherapyOutcomesResponse } from "./reports";
import { VisitCreateBody, VisitListQuery, VisitListResponse, VisitResponse, VisitUpdateBody } from "./visits";
import { EntityTrailQuery, EntityTrailResponse } from "./audit-logs";
import {
  FieldTemplateCreateBody,
  FieldTemplateListQuery,
  FieldTemplateListResponse,
  FieldTemplateResponse,
} from "./field-templates";
import { FieldUsageResponse } from "./field-usage";
import { DetailResponse, LoginBody, RefreshBody, RegisterBody, TokenResponse, UserResponse } from "./auth";

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
    method: "POST",
    path: "/api/auth/logout",
    summary: "End the current session (cookie or bearer)",
    auth: true,
    response: DetailResponse,
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
    summary: "Enrol a patient (custom_fields checked against the study's patient fields)",
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
  {
    method: "GET",
    path: "/api/reports/dashboard",
    summary: "The study's figures over the caller's patient scope",
    auth: true,
    query: ReportQuery,
    response: DashboardResponse,
  },
  {
    method: "GET",
    path: "/api/reports/therapy-outcomes",
    summary: "Per therapy line: patients, visits, efficacy rate, switch reasons (caller's scope)",
    auth: true,
    query: ReportQuery,
    response: TherapyOutcomesResponse,
  },
  // Patient detail screen (issue 8): the patient's audit trail.
  {
    method: "GET",
    path: "/api/admin/audit-logs/entity/{type}/{id}",
    summary:
      "Audit trail of one entity, newest first (type patient: its rows and its visits'; caller must be able to read the patient)",
    auth: true,
    query: EntityTrailQuery,
    response: EntityTrailResponse,
  },
  { method: "GET", path: "/api/openapi.json", summary: "This document", auth: false },
  {
    method: "GET",
    path: "/api/health",
    summary: "Liveness (no database query)",
    auth: false,
    response: z.object({ status: z.literal("ok") }),
  },
];
