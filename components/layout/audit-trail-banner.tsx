import { useTranslations } from "next-intl";
import { useFormat } from "@/components/i18n/use-format";

/**
 * Shown on every admin page while this server found the audit trail broken (docs/decisions/0018):
 * clinical writes are refused until an operator acts. Findings name row ids and counts, which only
 * those who may read the audit logs are shown.
 */
export function AuditTrailBanner({
  detectedAt,
  findings,
}: {
  detectedAt: string;
  /** The findings' messages, or null for someone who may not read the audit logs. */
  findings: string[] | null;
}) {
  const t = useTranslations("errors.auditTrail");
  const fmt = useFormat();
  return (
    <div role="alert" className="border-b border-red-300 bg-red-50" data-testid="audit-trail-banner">
      <div className="mx-auto max-w-7xl px-4 py-3 text-sm text-red-900 sm:px-6">
        <p className="font-semibold">{t("broken")}</p>
        <p className="mt-1 break-words">
          {t.rich("detected", {
            when: fmt.dateTime(detectedAt),
            time: (chunks) => <time dateTime={detectedAt}>{chunks}</time>,
            code: (chunks) => <code>{chunks}</code>,
          })}
        </p>
        {findings && findings.length > 0 && (
          <ul className="mt-1 list-disc pl-5 break-words">
            {findings.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
