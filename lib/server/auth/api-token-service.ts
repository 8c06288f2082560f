import "server-only";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { apiTokens, studies } from "@/db/schema";
import { messageRef } from "@/lib/i18n/message-ref";
import {
  API_TOKEN_MAX_DAYS,
  API_TOKEN_MESSAGES,
  API_TOKEN_PREFIX,
  type ApiTokenCreateBody,
  type ApiTokenCreatedResponse,
  type ApiTokenListResponse,
  type ApiTokenResponse,
} from "@/lib/schemas/api-tokens";
import { fieldError, forbidden, notFound } from "../api/errors";
import type { RequestMeta } from "../api/request-meta";
import { auditedTransaction } from "../audit/audit-writer";
import type { Actor } from "./actor";
import { tokenMayWrite } from "./policy";
import { loadStudyAccess } from "./study-access";
import { newSecretToken } from "./tokens";

const DAY_MS = 24 * 60 * 60 * 1000;
const who = (actor: Actor) => ({ userId: actor.userId, email: actor.email });

type TokenRow = typeof apiTokens.$inferSelect & { studyName: string };

/**
 * POST /api/auth/tokens: the signed-in user makes a personal API token for one study
 * (docs/decisions/0036-personal-api-tokens.md). They must be able to read the study (an unknown or
 * foreign study is the same 404); `write` only where their role holds a write a token may use.
 * The plain token is in this answer only: the database keeps its SHA-256.
 */
export async function createApiToken(
  db: Db,
  actor: Actor,
  body: ApiTokenCreateBody,
  meta: RequestMeta,
  now: Date = new Date(),
): Promise<ApiTokenCreatedResponse> {
  const expiresAt = new Date(body.expires_at);
  if (expiresAt <= now) throw fieldError(["body", "expires_at"], API_TOKEN_MESSAGES.expiryPast);
  if (expiresAt.getTime() - now.getTime() > API_TOKEN_MAX_DAYS * DAY_MS)
    throw fieldError(["body", "expires_at"], API_TOKEN_MESSAGES.expiryTooFar);
  const secret = newSecretToken(API_TOKEN_PREFIX);
  const row = await auditedTransaction(db, async (tx, audit) => {
    const [study] = await tx
      .select({ name: studies.name })
      .from(studies)
      .where(eq(studies.id, body.study_id));
    if (!study) throw notFound(messageRef("api.studies.notFound"));
    const context = { studyId: body.study_id, entityType: "study", entityId: body.study_id };
    const access = await loadStudyAccess(tx, actor, body.study_id);
    if (!access.permissions.has("study.read")) throw notFound(messageRef("api.studies.notFound"), context);
    if (body.access === "write" && !tokenMayWrite(access))
      throw forbidden(API_TOKEN_MESSAGES.writeNotInRole, context);
    const [created] = await tx
      .insert(apiTokens)
      .values({
        userId: actor.userId,
        name: body.name,
        tokenHash: secret.hash,
        studyId: body.study_id,
        access: body.access,
        expiresAt,
        createdAt: now,
      })
      .returning();
    if (!created) throw new Error("api_tokens insert answered no row");
    audit({
      action: "create",
      entityType: "api_token",
      entityId: created.id,
      studyId: created.studyId,
      actor: who(actor),
      meta,
      reason: "Personal API token created",
      // Never the token or its hash: what it may do and until when.
      newValues: { name: created.name, access: created.access, expires_at: expiresAt.toISOString() },
    });
    return { ...created, studyName: study.name };
  });
  return { ...toResponse(row), token: secret.token };
}

/** GET /api/auth/tokens: the signed-in user's own tokens, newest first, revoked ones included. */
export async function listApiTokens(db: Db, actor: Actor): Promise<ApiTokenListResponse> {
  const rows = await db
    .select({ token: apiTokens, studyName: studies.name })
    .from(apiTokens)
    .innerJoin(studies, eq(studies.id, apiTokens.studyId))
    .where(eq(apiTokens.userId, actor.userId))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return { items: rows.map(({ token, studyName }) => toResponse({ ...token, studyName })) };
}

/**
 * DELETE /api/auth/tokens/{id}: the owner revokes one of their tokens; it answers 401 from the next
 * request. Another user's token is not found. Revoking a revoked token changes nothing.
 */
export async function revokeApiToken(
  db: Db,
  actor: Actor,
  id: number,
  meta: RequestMeta,
  now: Date = new Date(),
): Promise<void> {
  await auditedTransaction(db, async (tx, audit) => {
    const [token] = await tx
      .select()
      .from(apiTokens)
      .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, actor.userId)))
      .for("update");
    if (!token) throw notFound(API_TOKEN_MESSAGES.notFound);
    if (token.revokedAt) return;
    await tx.update(apiTokens).set({ revokedAt: now, revokedBy: actor.userId }).where(eq(apiTokens.id, id));
    audit({
      action: "update",
      entityType: "api_token",
      entityId: id,
      studyId: token.studyId,
      actor: who(actor),
      meta,
      reason: "Personal API token revoked",
      oldValues: { name: token.name, revoked_at: null },
      newValues: { name: token.name, revoked_at: now.toISOString() },
    });
  });
}

function toResponse(row: TokenRow): ApiTokenResponse {
  return {
    id: row.id,
    name: row.name,
    study_id: row.studyId,
    study_name: row.studyName,
    access: row.access,
    expires_at: row.expiresAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}
