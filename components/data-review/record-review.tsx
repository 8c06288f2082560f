"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { requiredVerification } from "@/lib/forms/review-fields";
import {
  sdvProgress,
  type FormStatus,
  type ReviewEntity,
  type Verification,
} from "@/lib/schemas/data-review";
import { FormStatusBadge } from "./form-status-badge";
import { usePatientReview } from "./review-context";

/** What the review reads of a patient or visit answer. */
export type ReviewedAnswer = {
  id: number;
  form_status: FormStatus;
  verification: Verification;
  values: Record<string, unknown>;
  missing: Record<string, string>;
};

/**
 * A record's data review (decision 0031): its form status, how many of the fields the study
 * requires verified are, and the steps this reader may take: the site marks an in-progress record
 * complete, the monitor verifies all its fields. The required fields are counted by the rule the
 * server uses (lib/forms/review-fields.ts).
 */
export function RecordReview({
  entity,
  record,
  verifyAllLabel,
  compact = false,
  className,
}: {
  entity: ReviewEntity;
  record: ReviewedAnswer;
  verifyAllLabel?: string;
  /** In a list row: the badge and the count only. */
  compact?: boolean;
  className?: string;
}) {
  const t = useTranslations("dataReview");
  const review = usePatientReview();
  const locked = record.form_status === "locked";
  const required = review
    ? requiredVerification(review.config, entity, {
        values: record.values,
        missing: record.missing,
        columns: {},
        locked,
        completedAt: null,
        verification: record.verification,
      })
    : [];
  const progress = sdvProgress(required, record.verification);
  return (
    <div
      className={cn("flex flex-wrap items-center gap-2 text-sm", className)}
      data-testid={`review-${entity}-${record.id}`}
    >
      <FormStatusBadge status={record.form_status} />
      {progress.required > 0 && (
        <span className="text-xs text-slate-600" data-testid="sdv-progress">
          {t("progress", progress)}
        </span>
      )}
      {!compact && review?.rights.complete && record.form_status === "in_progress" && (
        <Button
          variant="secondary"
          className="px-2 py-1"
          disabled={review.busy}
          onClick={() => void review.run({ kind: "complete", entity, id: record.id })}
        >
          {t("markComplete")}
        </Button>
      )}
      {!compact && review?.rights.verify && !locked && (
        <Button
          variant="secondary"
          className="px-2 py-1"
          disabled={review.busy}
          onClick={() => void review.run({ kind: "verify", entity, id: record.id, fields: "all" })}
        >
          {verifyAllLabel ?? t("verifyAll")}
        </Button>
      )}
    </div>
  );
}
