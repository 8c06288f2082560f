"use client";

import { useTranslations } from "next-intl";
import { useFormat } from "@/components/i18n/use-format";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { useSignInHistory } from "@/lib/client/account-controls";
import { loadFailureText } from "@/lib/client/admin-team";

/**
 * A user's latest sign-ins, newest first: when, from which address, succeeded or refused and why
 * (decision 0033). The reason is the audit trail's own record, shown as it was written. On a phone
 * the address sits under the time instead of in a column of its own.
 */
export function SignInHistory({ userId }: { userId: number }) {
  const t = useTranslations("users.account.signIns");
  const fmt = useFormat();
  const history = useSignInHistory(userId);

  if (history.isPending) return <p className="text-sm text-slate-500">{t("loading")}</p>;
  if (history.error) return <Alert>{loadFailureText(history.error, t("loadFailed"))}</Alert>;
  if (history.data.items.length === 0) return <p className="text-sm text-slate-500">{t("empty")}</p>;

  return (
    <div className="max-h-72 overflow-y-auto rounded border border-slate-200">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t("caption")}</caption>
        <thead className="sticky top-0 bg-slate-50 text-xs font-semibold text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-2 py-1">
              {t("when")}
            </th>
            <th scope="col" className="hidden px-2 py-1 sm:table-cell">
              {t("address")}
            </th>
            <th scope="col" className="px-2 py-1">
              {t("result")}
            </th>
          </tr>
        </thead>
        <tbody>
          {history.data.items.map((entry, index) => (
            <tr key={`${entry.at}-${index}`} className="border-t border-slate-100 align-top">
              <td className="px-2 py-1">
                <div>{fmt.dateTime(entry.at)}</div>
                <div className="text-xs break-all text-slate-500 sm:hidden">
                  {entry.ip_address ?? t("unknownAddress")}
                </div>
              </td>
              <td className="hidden px-2 py-1 break-all sm:table-cell">
                {entry.ip_address ?? t("unknownAddress")}
              </td>
              <td className="px-2 py-1">
                {entry.success ? (
                  <Badge tone="success">{t("succeeded")}</Badge>
                ) : (
                  <Badge tone="warning">{t("refused")}</Badge>
                )}
                {!entry.success && entry.reason && (
                  <div className="mt-1 text-xs break-words text-slate-600">{entry.reason}</div>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
