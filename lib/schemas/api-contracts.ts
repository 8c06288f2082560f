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
    path: "/api/resolve-study",
    summary: "Study id for a subdomain or code",
    auth: true,
    query: ResolveStudyQuery,
    response: ResolveStudyResponse,
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
