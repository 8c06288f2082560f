import "server-only";
import nodemailer from "nodemailer";
import type { SmtpEnv } from "@/lib/env";

/** One email as the notification path composes it. */
export type MailMessage = { to: string; subject: string; text: string; html: string; language: string };

/** Gives up on an unreachable or silent server rather than holding the delivery open. */
const TIMEOUT_MS = 15_000;

/**
 * Sends one email over SMTP with the settings given (decision 0031). A transport per send, built
 * from the configuration read at that moment (lib/env.ts smtpEnv): nothing global to go stale, and
 * the volume (a handful per query step) needs no pool. Rejects when the server refuses or cannot
 * be reached; the caller logs it.
 */
export async function sendMail(config: SmtpEnv, message: MailMessage): Promise<void> {
  const transport = nodemailer.createTransport({
    host: config.SMTP_HOST,
    port: config.SMTP_PORT,
    secure: config.SMTP_SECURE,
    auth: config.SMTP_USER ? { user: config.SMTP_USER, pass: config.SMTP_PASSWORD ?? "" } : undefined,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  });
  try {
    await transport.sendMail({
      from: config.SMTP_FROM,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: { "Content-Language": message.language },
    });
  } finally {
    transport.close();
  }
}
