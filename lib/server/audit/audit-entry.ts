import "server-only";
import type { AuditAction } from "@/db/schema";
import type { RequestMeta } from "../api/request-meta";
import { canonicalJson, type HashedAuditFields } from "./hash-chain";

export type AuditEntry = {
  action: AuditAction;
  entityType: string;
  entityId?: string | number | null;
  studyId?: number | null;
  actor?: { userId: number | null; email: string | null } | null;
  meta?: RequestMeta | null;
  reason?: string | null;
  oldValues?: Record<string, unknown> | null;
  newValues?: Record<string, unknown> | null;
};

/** An audit row's content, everything but its time and its place in the chain. */
export type AuditRowContent = Omit<HashedAuditFields, "timestamp"> & {
  action: AuditAction;
  oldValues: Record<string, unknown> | null;
  newValues: Record<string, unknown> | null;
};

/** Never store secrets in the trail, whatever a caller passes. */
const REDACTED_KEYS = new Set(["password", "password_hash", "passwordHash", "refresh_token", "access_token"]);

function redact(values: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!values) return null;
  const clean = JSON.parse(canonicalJson(values)) as Record<string, unknown>;
  for (const key of Object.keys(clean)) if (REDACTED_KEYS.has(key)) clean[key] = "[redacted]";
  return clean;
}

export function auditRowContent(entry: AuditEntry): AuditRowContent {
  return {
    userId: entry.actor?.userId ?? null,
    userEmail: entry.actor?.email ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    studyId: entry.studyId ?? null,
    ipAddress: entry.meta?.ip ?? null,
    apiToken: entry.meta?.apiToken ?? null,
    reason: entry.reason ?? null,
    oldValues: redact(entry.oldValues),
    newValues: redact(entry.newValues),
  };
}
