"use client";

import { useTranslations } from "next-intl";
import { useWords } from "@/components/i18n/use-words";
import type { ConfirmedWarning } from "@/lib/schemas/plausibility";

/**
 * The mark of a row saved with confirmed soft warnings (decision 0024): its title and accessible
 * name say which, in the reader's words, so a monitor sees what was accepted as it was.
 */
export function ConfirmedWarningsFlag({ warnings }: { warnings: readonly ConfirmedWarning[] | undefined }) {
  const t = useTranslations("plausibility");
  const words = useWords();
  if (!warnings || warnings.length === 0) return null;
  const text = t("flag", { warnings: warnings.map((w) => words(w.msg)).join("; ") });
  return (
    <span
      role="img"
      aria-label={text}
      title={text}
      data-testid="confirmed-warnings-flag"
      className="ml-1 inline-flex items-center rounded-full border border-amber-300 bg-amber-50 px-1.5 text-xs font-semibold text-amber-800"
    >
      !
    </span>
  );
}

/** The confirmed warnings spelled out, for the view of one row (the visit view). */
export function ConfirmedWarningsNote({ warnings }: { warnings: readonly ConfirmedWarning[] | undefined }) {
  const t = useTranslations("plausibility");
  const words = useWords();
  if (!warnings || warnings.length === 0) return null;
  return (
    <div
      data-testid="confirmed-warnings-note"
      className="mb-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      <p className="font-semibold">{t("flagShort")}</p>
      <ul className="list-disc pl-5">
        {warnings.map((warning, index) => (
          <li key={`${warning.code}-${index}`}>{words(warning.msg)}</li>
        ))}
      </ul>
    </div>
  );
}
