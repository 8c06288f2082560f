"use client";

import { useTranslations } from "next-intl";
import { useFormat } from "@/components/i18n/use-format";
import { Badge } from "@/components/ui/badge";
import { EmailText } from "@/components/ui/email-text";
import type { AuditLogEntry } from "@/lib/schemas/audit-logs";
import { AUDIT_ACTIONS, type AuditAction } from "@/lib/schemas/audit-actions";
import { ENTITY_TYPES } from "./audit-log-filters";
import { ReadableDetails, ReadableSummary } from "./readable-audit";
import { ViewChanges } from "./view-changes";

const HEADERS = ["timestamp", "user", "action", "entity", "ipAddress", "details"] as const;

const isAction = (code: string): code is AuditAction => (AUDIT_ACTIONS as readonly string[]).includes(code);
const isEntityType = (code: string): code is (typeof ENTITY_TYPES)[number] =>
  (ENTITY_TYPES as readonly string[]).includes(code);

/** An audit action's name in the reader's words; a code the catalogue does not know, as stored. */
export function useActionName(): (code: string) => string {
  const t = useTranslations("audit.actions");
  return (code) => (isAction(code) ? t(code) : code);
}

/** An entity type's name in the reader's words; a code the catalogue does not know, as stored. */
export function useEntityTypeName(): (code: string) => string {
  const t = useTranslations("audit.entityTypes");
  return (code) => (isEntityType(code) ? t(code) : code);
}

/** How many refusals a counted access_denied row stands for (docs/decisions/0018), else null. */
export function refusalCount(entry: Pick<AuditLogEntry, "action" | "new_values">): number | null {
  if (entry.action !== "access_denied") return null;
  const count = entry.new_values?.count;
  return typeof count === "number" && Number.isInteger(count) && count > 0 ? count : null;
}

function ActionBadge({ entry }: { entry: Pick<AuditLogEntry, "action" | "new_values"> }) {
  const { action } = entry;
  const actionName = useActionName();
  const count = refusalCount(entry);
  return (
    <Badge tone={action === "access_denied" || action === "delete" ? "muted" : "neutral"}>
      {actionName(action)}
      {count !== null && count > 1 && ` ×${count}`}
    </Badge>
  );
}

export function AuditLogTable({
  entries,
  loading,
}: {
  entries: AuditLogEntry[] | undefined;
  loading: boolean;
}) {
  const t = useTranslations("audit.table");
  const entityTypeName = useEntityTypeName();
  // Stored in UTC, shown in the display zone with the zone named (lib/i18n/format.ts); the UTC
  // instant is the tooltip.
  const fmt = useFormat();
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t("caption")}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold text-slate-600 uppercase">
          <tr>
            {HEADERS.map((header) => (
              <th
                key={header}
                scope="col"
                className={
                  header === "timestamp" || header === "details"
                    ? "px-3 py-2"
                    : "hidden px-3 py-2 md:table-cell"
                }
              >
                {t(header)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {loading && !entries && (
            <tr>
              <td colSpan={6} className="px-3 py-8 text-center text-slate-500">
                {t("loading")}
              </td>
            </tr>
          )}
          {entries && entries.length === 0 && (
            <tr>
              <td colSpan={6} className="px-3 py-8 text-center text-slate-500">
                {t("empty")}
              </td>
            </tr>
          )}
          {entries?.map((entry) => (
            <tr
              key={entry.id}
              className="border-b border-slate-100 align-top last:border-0"
              data-testid="audit-row"
            >
              <td className="px-3 py-2 md:whitespace-nowrap">
                <time dateTime={entry.timestamp} title={t("utc", { timestamp: entry.timestamp })}>
                  {fmt.dateTime(entry.timestamp)}
                </time>
                {/* On a phone user, action and entity sit under the time instead of in columns. */}
                <div className="mt-1 space-y-0.5 text-xs text-slate-600 md:hidden">
                  <ActionBadge entry={entry} />
                  <div>
                    {entry.user_email === null ? t("system") : <EmailText email={entry.user_email} />}
                  </div>
                  <div>
                    {entityTypeName(entry.entity_type)}
                    {entry.entity_id !== null && ` #${entry.entity_id}`}
                  </div>
                </div>
              </td>
              <td className="hidden min-w-44 px-3 py-2 md:table-cell">
                <div>{entry.user_email === null ? t("system") : <EmailText email={entry.user_email} />}</div>
                {entry.user_id !== null && (
                  <div className="text-xs text-slate-500">{t("id", { id: entry.user_id })}</div>
                )}
              </td>
              <td className="hidden px-3 py-2 md:table-cell">
                <ActionBadge entry={entry} />
              </td>
              <td className="hidden px-3 py-2 md:table-cell">
                <div>{entityTypeName(entry.entity_type)}</div>
                {entry.entity_id !== null && (
                  <div className="text-xs text-slate-500">{t("id", { id: entry.entity_id })}</div>
                )}
                {entry.study_id !== null && (
                  <div className="text-xs text-slate-500">{t("study", { id: entry.study_id })}</div>
                )}
              </td>
              <td className="hidden px-3 py-2 md:table-cell">{entry.ip_address ?? "—"}</td>
              <td className="px-3 py-2 md:min-w-48">
                {/* A clinical row as the screens speak (docs/decisions/0026); the raw values stay in View Changes. */}
                {entry.readable && (
                  <div className="break-words text-slate-800" data-testid="audit-readable">
                    <ReadableSummary readable={entry.readable} action={entry.action} />
                  </div>
                )}
                {entry.reason && <div className="break-words text-slate-700">{entry.reason}</div>}
                {entry.readable && <ReadableDetails readable={entry.readable} action={entry.action} />}
                <ViewChanges entry={entry} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
