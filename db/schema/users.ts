import { inList } from "./sql-helpers";
import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { LOCALES, type Locale } from "../../lib/i18n/locales";
import { createdAt, instant, updatedAt, version } from "./columns";

export const ROLE_LEVELS = ["superadmin", "admin", "user"] as const;
export type RoleLevel = (typeof ROLE_LEVELS)[number];

export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    // Stored lower-cased; the unique key makes sign-in lookups exact.
    email: text("email").notNull().unique(),
    fullName: text("full_name").notNull(),
    passwordHash: text("password_hash").notNull(),
    roleLevel: text("role_level").$type<RoleLevel>().notNull().default("user"),
    isSuperuser: boolean("is_superuser").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    lastLogin: instant("last_login"),
    // Set by an administrator to suspend sign-in until then (sign-in throttling replaced automatic
    // lockout: docs/decisions/0010).
    lockedUntil: instant("locked_until"),
    // Set when an administrator gives a temporary password: every call but the password change
    // answers 403 until the user has chosen their own.
    mustChangePassword: boolean("must_change_password").notNull().default(false),
    // The language the user chose on their account page; null follows the study and the browser
    // (lib/i18n/locales.ts chooseLocale, docs/decisions/0021).
    locale: text("locale").$type<Locale>(),
    // Two-factor sign-in (TOTP, decision 0033): the shared secret, sealed with the server's key
    // (never stored in clear), and when enrolment was confirmed by a first valid code. A secret
    // without `totp_enabled_at` is an enrolment under way.
    totpSecret: text("totp_secret"),
    totpEnabledAt: instant("totp_enabled_at"),
    // The time step (unix seconds / 30) of the last TOTP code accepted: a code counts once (RFC 6238
    // §5.2), so only a later step is accepted after it (decision 0033). Null: none accepted yet.
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    // When the password was last set, for the optional expiry (off by default, decision 0033).
    passwordChangedAt: instant("password_changed_at").notNull().defaultNow(),
    // How the person's identity was verified before their first signature (21 CFR 11.100(b)):
    // recorded by an administrator, audited (decision 0033).
    identityVerifiedAt: instant("identity_verified_at"),
    identityVerifiedBy: integer("identity_verified_by"),
    identityVerificationMethod: text("identity_verification_method"),
    // Optimistic concurrency of the admin edit (decision 0007).
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("users_role_level_check", inList(t.roleLevel, ROLE_LEVELS)),
    check("users_email_lowercase_check", sql`${t.email} = lower(${t.email})`),
    check("users_locale_check", inList(t.locale, LOCALES)),
    index("users_full_name_idx").on(t.fullName),
  ],
);

export const SESSION_KINDS = ["browser", "api"] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];

/**
 * One row per sign-in, for the browser (next-auth cookie) and for API clients (bearer + refresh token).
 * Revoking the row ends the session at once; API refresh tokens are stored only as SHA-256 hashes.
 */
export const authSessions = pgTable(
  "auth_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    kind: text("kind").$type<SessionKind>().notNull(),
    refreshTokenHash: text("refresh_token_hash").unique(),
    createdAt: createdAt(),
    lastSeenAt: instant("last_seen_at").notNull().defaultNow(),
    expiresAt: instant("expires_at").notNull(),
    revokedAt: instant("revoked_at"),
    // The last time this session's user proved their identity for a signature (email, password and
    // second factor): later signatures in the same continuous session ask for the password only
    // (21 CFR 11.200(a)(1), decision 0032).
    signatureIdentifiedAt: instant("signature_identified_at"),
    lastSignatureAt: instant("last_signature_at"),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
  },
  (t) => [
    check("auth_sessions_kind_check", inList(t.kind, SESSION_KINDS)),
    index("auth_sessions_user_idx").on(t.userId),
  ],
);
