"use client";

import { useTranslations } from "next-intl";
import { missingCodeText } from "@/lib/forms";
import type { MissingCode } from "@/lib/schemas/study-config";

/**
 * A missing-data code where a value would be shown (decision 0023): the code with its label
 * ("UNK · Unknown"), dashed and amber so that it never reads as a value.
 */
export function MissingCodeBadge({
  code,
  codes,
  compact = false,
}: {
  code: string;
  codes: readonly MissingCode[];
  /** A narrow cell (the visit history): the code alone, its label as the tooltip and for readers. */
  compact?: boolean;
}) {
  const t = useTranslations("missing.control");
  const text = missingCodeText(codes, code);
  return (
    <span
      className={`inline-flex max-w-full items-center rounded border border-dashed border-amber-500 bg-amber-50 px-1.5 py-0.5 text-xs font-medium text-amber-900 ${compact ? "whitespace-nowrap" : "break-words"}`}
      data-missing-code={code}
      title={compact ? text : undefined}
    >
      <span className="sr-only">{t("coded")}: </span>
      {compact ? (
        <>
          <span aria-hidden="true">{code}</span>
          <span className="sr-only">{text}</span>
        </>
      ) : (
        text
      )}
    </span>
  );
}
