import { inList } from "./sql-helpers";
import { check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { API_TOKEN_ACCESS, type ApiTokenAccess } from "../../lib/schemas/api-tokens";
import { createdAt, instant } from "./columns";
import { studies } from "./studies";
import { users } from "./users";

/**
 * Personal API tokens for integrations (docs/decisions/0036-personal-api-tokens.md): one study,
 * read or write within the owner's current role there, always with an expiry. Only the SHA-256 of
 * the secret is kept (the plain token is shown once); revoking keeps the row for the record.
 */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    studyId: integer("study_id")
      .notNull()
      .references(() => studies.id),
    access: text("access").$type<ApiTokenAccess>().notNull(),
    expiresAt: instant("expires_at").notNull(),
    createdAt: createdAt(),
    // Touched at most once a minute per token (api-token-service.ts): a trace, not a log.
    lastUsedAt: instant("last_used_at"),
    revokedAt: instant("revoked_at"),
    revokedBy: integer("revoked_by").references(() => users.id),
  },
  (t) => [
    check("api_tokens_access_check", inList(t.access, API_TOKEN_ACCESS)),
    index("api_tokens_user_idx").on(t.userId),
  ],
);
