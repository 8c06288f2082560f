import { bigint, boolean, index, pgTable, text } from "drizzle-orm/pg-core";
import { instant } from "./columns";

/**
 * Every sign-in attempt, kept in the database so that per-address throttling holds across app
 * instances sharing one PostgreSQL (an in-process counter would not). Old rows can be pruned: only
 * the recent window is ever read.
 */
export const signInAttempts = pgTable(
  "sign_in_attempts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    ipAddress: text("ip_address").notNull(),
    // As typed (normalised), whether or not such a user exists.
    email: text("email").notNull(),
    succeeded: boolean("succeeded").notNull(),
    // The device-cookie nonce when the browser proved an earlier success as this email's user
    // (docs/decisions/0010): such attempts count only against their device, never the address.
    device: text("device"),
    attemptedAt: instant("attempted_at").notNull().defaultNow(),
  },
  (t) => [
    index("sign_in_attempts_ip_time_idx").on(t.ipAddress, t.attemptedAt),
    index("sign_in_attempts_email_time_idx").on(t.email, t.attemptedAt),
    index("sign_in_attempts_device_time_idx").on(t.device, t.attemptedAt),
  ],
);
