"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { useWords } from "@/components/i18n/use-words";

/**
 * A 409 stale write: someone saved this record since it was opened. Nothing was overwritten; the
 * user reloads to see their version and applies the change again (as in the study editor).
 */
export function StaleNotice({ detail, onReload }: { detail: string; onReload: () => void }) {
  const t = useTranslations("patients.stale");
  const words = useWords();
  return (
    <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <p className="font-semibold">{t("title")}</p>
      <p className="mt-1">{words(detail)}</p>
      <p className="mt-1">{t("body")}</p>
      <Button variant="secondary" className="mt-2" onClick={onReload}>
        {t("reload")}
      </Button>
    </div>
  );
}
