import "server-only";
import type { Db } from "@/db/client";
import { smtpEnv, type SmtpEnv } from "@/lib/env";
import { chooseLocale, type Locale } from "@/lib/i18n/locales";
import { logError } from "../api/log";
import { mailFactsOf, markEmailed, type MailFacts } from "../clinical/notification-queries";
import { translatorFor } from "../i18n/translator";
import { sendMail, type MailMessage } from "./mailer";

/**
 * The email of a notification (decision 0031), sent after the step's commit when the deployment
 * sets SMTP_HOST. It says in which study what happened and links to the study's Queries page: no
 * patient code, no field, no value, no text of the thread (an inbox is not a place for clinical
 * data; the registry shows them after sign-in, in the reader's scope). In the recipient's language:
 * their own choice, else the study's default language, else English (chooseLocale).
 */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function queriesLink(baseUrl: string, studyCode: string): string {
  return `${baseUrl.replace(/\/+$/, "")}/${encodeURIComponent(studyCode)}/queries`;
}

/** The words of one notification's email in its recipient's language. */
export async function composeNotificationEmail(facts: MailFacts, baseUrl: string): Promise<MailMessage> {
  const locale: Locale = chooseLocale({ preference: facts.userLocale, studyDefault: facts.studyLanguage });
  const { t, words } = await translatorFor(locale);
  const study = words(facts.studyName);
  const link = queriesLink(baseUrl, facts.studyCode);
  const subject = t(`notifications.email.subject.${facts.kind}`, { study });
  const intro = t(`notifications.email.intro.${facts.kind}`, { study });
  const action = t("notifications.email.action");
  const footer = t("notifications.email.footer");
  return {
    to: facts.email,
    language: locale,
    subject,
    text: `${intro}\n\n${action}: ${link}\n\n${footer}\n`,
    html:
      `<!doctype html><html lang="${locale}"><body>` +
      `<p>${escapeHtml(intro)}</p>` +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>` +
      `<p style="color:#555;font-size:0.9em">${escapeHtml(footer)}</p>` +
      `</body></html>`,
  };
}

/**
 * Sends the emails of these notifications, one each, and stamps `emailed_at` on each one sent. A
 * failure is logged with the notification's id (never its recipient or content) and leaves
 * `emailed_at` null; it never reaches the request that caused it. Without SMTP_HOST: nothing.
 */
export async function deliverNotificationEmails(db: Db, ids: number[]): Promise<void> {
  let config: SmtpEnv | null;
  try {
    config = smtpEnv();
  } catch (error) {
    logError(`Notification emails ${ids.join(", ")} not sent: the SMTP configuration is invalid`, error);
    return;
  }
  if (!config) return;
  let facts: MailFacts[];
  try {
    facts = await mailFactsOf(db, ids);
  } catch (error) {
    logError(`Notification emails ${ids.join(", ")} not sent: their recipients could not be read`, error);
    return;
  }
  for (const fact of facts) {
    try {
      await sendMail(config, await composeNotificationEmail(fact, config.NEXTAUTH_URL));
    } catch (error) {
      logError(`Notification email ${fact.id} could not be sent`, error);
      continue;
    }
    try {
      await markEmailed(db, fact.id, new Date());
    } catch (error) {
      logError(`Notification email ${fact.id} was sent but emailed_at could not be recorded`, error);
    }
  }
}
