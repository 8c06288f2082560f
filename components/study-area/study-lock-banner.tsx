"use client";

import { useTranslations } from "next-intl";
import { useFormat } from "@/components/i18n/use-format";
import { Alert } from "@/components/ui/alert";

/**
 * Across a locked study's pages (docs/decisions/0034-patient-and-study-lock.md): everything is
 * read-only; the pages hide their write controls (the study area gives them a read-only access).
 */
export function StudyLockBanner({ lockedAt, className }: { lockedAt: string | null; className?: string }) {
  const t = useTranslations("dataLock.study");
  const fmt = useFormat();
  if (!lockedAt) return null;
  return (
    <Alert tone="info" className={className}>
      <strong>{t("lockedBanner")}</strong>{" "}
      <time dateTime={lockedAt}>{t("lockedSince", { at: fmt.dateTime(lockedAt) })}</time>
    </Alert>
  );
}
