"use client";

import { useTranslations } from "next-intl";
import { useFormat } from "@/components/i18n/use-format";
import type { ReviewEntity, Verification } from "@/lib/schemas/data-review";
import { usePatientReview } from "./review-context";

/**
 * Beside a recorded value: its source verification (decision 0031). Verified shows who verified
 * it when (on hover and to a screen reader); a value changed since shows that its verification was
 * cleared by that change, and when; a monitor gets the button to verify it. Nothing otherwise.
 */
export function VerificationMark({
  entity,
  id,
  field,
  label,
  verification,
  locked = false,
  answered = true,
}: {
  entity: ReviewEntity;
  id: number;
  field: string;
  /** The field's label, naming the button for a screen reader. */
  label: string;
  verification: Verification;
  locked?: boolean;
  /** A value never answered has nothing to compare with the source: no Verify for it. */
  answered?: boolean;
}) {
  const t = useTranslations("dataReview");
  const fmt = useFormat();
  const review = usePatientReview();
  const entry = verification[field];
  if (entry?.state === "verified")
    return (
      <span
        data-testid="verification-mark"
        data-state="verified"
        title={t("verifiedTitle", { date: fmt.dateTime(entry.at) })}
        className="ml-1.5 inline-flex items-center rounded-full bg-green-100 px-2 py-0.5 align-middle text-xs font-medium text-green-900"
      >
        <span aria-hidden="true">✓&nbsp;</span>
        {t("verified")}
        <span className="sr-only"> — {t("verifiedTitle", { date: fmt.dateTime(entry.at) })}</span>
      </span>
    );
  const cleared = entry?.state === "cleared" && (
    <span
      data-testid="verification-mark"
      data-state="cleared"
      className="ml-1.5 inline-flex items-center rounded-full bg-amber-50 px-2 py-0.5 align-middle text-xs text-amber-900"
    >
      {t("cleared", { date: fmt.dateTime(entry.at) })}
    </span>
  );
  if (!review?.rights.verify || locked || !answered) return cleared || null;
  return (
    <>
      {cleared}
      <button
        type="button"
        disabled={review.busy}
        aria-label={t("verifyLabel", { what: label })}
        data-testid="verify-field"
        onClick={() => void review.run({ kind: "verify", entity, id, fields: [field] })}
        className="ml-1.5 inline-flex items-center rounded-full border border-dashed border-green-400 px-2 py-0.5 align-middle text-xs font-medium text-green-800 hover:bg-green-50 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none disabled:opacity-50"
      >
        {t("verify")}
      </button>
    </>
  );
}
