import "server-only";
import { z } from "zod";
import { compileTrustedProxies } from "./server/api/client-address";

/**
 * The only reader of process.env. Parsed lazily so that `next build`, which evaluates
 * route modules, never needs a runtime configuration.
 */
const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  NEXT_RUNTIME: z.string().optional(),
  NEXT_PHASE: z.string().optional(),
  DATABASE_URL: z.string().url().optional(),
  /**
   * Connection used only to apply migrations (a role that owns the tables). Unset: DATABASE_URL
   * migrates too. See docs/database-roles.md.
   */
  MIGRATION_DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().min(1).default("./.data"),
  NEXTAUTH_URL: z.string().url().optional(),
  NEXTAUTH_SECRET: z.string().min(32).optional(),
  /** Keys the audit hash chain and signs its checkpoints. Unset: generated once into DATA_DIR/audit-key. */
  AUDIT_HMAC_KEY: z.string().min(32).optional(),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  SEED_DEMO: z.enum(["0", "1"]).default("1"),
  SESSION_COOKIE_DOMAIN: z.string().optional(),
  /**
   * The reverse proxies in front of the app, whose X-Forwarded-For / X-Forwarded-Proto are believed
   * (docs/decisions/0010): a hop count ("1") or addresses, CIDR ranges and the names loopback,
   * linklocal, uniquelocal ("10.0.0.0/8, loopback"). Unset: none; the socket's peer is the client.
   */
  TRUSTED_PROXIES: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      try {
        compileTrustedProxies(value);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: `not a hop count or proxy list (${String(error)})` });
      }
    }),
  /**
   * Tests only, never set for people: "1" serves every language as English with each catalogue
   * message wrapped in ⟦…⟧, so a browser test can find text that escaped the catalogues (decision
   * 0021, "How we prove it"; lib/i18n/catalogue.ts).
   */
  REGISTRY_PSEUDO_LOCALE: z.enum(["1"]).optional(),
  /** Set by server.mjs, not by operators: the socket headers it writes can be trusted. */
  REGISTRY_SOCKET_HEADERS: z.enum(["1"]).optional(),
  /** Base domain of study subdomains in production, e.g. registry.example.org (localhost always works). */
  STUDY_BASE_DOMAIN: z.string().optional(),
  /**
   * Uploaded files go to an S3-compatible object store when S3_BUCKET is set (several app instances
   * then share them); otherwise to DATA_DIR/uploads. See docs/decisions/0014-content-and-files.md.
   */
  S3_BUCKET: z.string().min(1).optional(),
  /** https://s3.eu-west-1.amazonaws.com, http://127.0.0.1:9000 (MinIO), …; path-style addressing. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Key prefix inside the bucket, e.g. "registry/" (default "uploads/"). */
  S3_PREFIX: z.string().default("uploads/"),
  /**
   * Uploads named by no block and no study are deleted once older than this many hours, so a
   * block or logo dialog still open is never swept (docs/decisions/0014). Default 24.
   */
  UPLOAD_GRACE_HOURS: z.coerce.number().positive().default(24),
});

export type Env = z.infer<typeof EnvSchema>;

let cached: Env | undefined;

export function env(): Env {
  if (!cached) {
    const raw = Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== ""));
    const parsed = EnvSchema.safeParse(raw);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
      throw new Error(`Invalid environment configuration: ${problems}`);
    }
    cached = parsed.data;
    // Without a configured public URL, next-auth takes the origin from the Host header (needed for
    // study subdomains and any port); it only builds its own redirect URLs from it.
    if (!cached.NEXTAUTH_URL) process.env.AUTH_TRUST_HOST ??= "1";
  }
  return cached;
}

/** True while `next build` evaluates modules: never touch the database then. */
export function isBuildPhase(): boolean {
  return env().NEXT_PHASE === "phase-production-build";
}

/**
 * The notification email's SMTP settings (decision 0031), read on every send rather than cached:
 * an operator's change applies without a restart of the mail path, and tests point it at their
 * own server. Null when SMTP_HOST is unset: the deployment sends no email. The link in an email is
 * built on NEXTAUTH_URL, the app's public address, so SMTP without it is a configuration error.
 */
const SmtpEnvSchema = z.object({
  SMTP_HOST: z.string().min(1),
  SMTP_PORT: z.coerce.number().int().min(1).max(65_535).default(587),
  /** "1"/"true": TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  SMTP_SECURE: z
    .enum(["0", "1", "true", "false"])
    .default("0")
    .transform((v) => v === "1" || v === "true"),
  SMTP_USER: z.string().min(1).optional(),
  SMTP_PASSWORD: z.string().min(1).optional(),
  /** The sender, e.g. "Registry <registry@example.org>". */
  SMTP_FROM: z.string().min(3),
  NEXTAUTH_URL: z.string().url({ message: "required with SMTP_HOST: the emails' links start with it" }),
});

export type SmtpEnv = z.infer<typeof SmtpEnvSchema>;

export function smtpEnv(): SmtpEnv | null {
  const raw = Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== ""));
  if (raw.SMTP_HOST === undefined) return null;
  const parsed = SmtpEnvSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid SMTP configuration: ${problems}`);
  }
  return parsed.data;
}

/**
 * Account controls (decision 0033), read on every call rather than cached so an operator's change
 * applies at the next sign-in and tests can set them.
 * - REQUIRE_TOTP_FOR_ADMINS: "1"/"true" makes platform administrators enrol a second factor before
 *   anything else. Default off: a fresh install, its demo and its tests sign in with a password.
 * - PASSWORD_MAX_AGE_DAYS: a password older than this many days must be changed at the next
 *   sign-in. Unset: passwords do not expire (NIST SP 800-63B advises against periodic change).
 */
const AccountEnvSchema = z.object({
  REQUIRE_TOTP_FOR_ADMINS: z
    .enum(["0", "1", "true", "false"])
    .default("0")
    .transform((v) => v === "1" || v === "true"),
  PASSWORD_MAX_AGE_DAYS: z.coerce.number().int().positive().optional(),
});

export type AccountEnv = z.infer<typeof AccountEnvSchema>;

export function accountEnv(): AccountEnv {
  const raw = Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== ""));
  const parsed = AccountEnvSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid account configuration: ${problems}`);
  }
  return parsed.data;
}
