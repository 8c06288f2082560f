"use client";

import { format } from "date-fns";
import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { useWords } from "@/components/i18n/use-words";
import { Button } from "@/components/ui/button";
import { serverIssues } from "@/lib/client/apply-server-errors";
import { WARNING_ISSUE_TYPE } from "@/lib/forms/plausibility";
import type { ApiIssue } from "@/lib/schemas/api-errors";

/** The browser's calendar day, the "today" a dialog checks dates against before submit. */
export function browserToday(): string {
  return format(new Date(), "yyyy-MM-dd");
}

/** The soft warnings of a refused save (decision 0024): 422 entries of type plausibility_warning. */
export function plausibilityWarnings(error: unknown): (ApiIssue & { code: string })[] {
  return serverIssues(error).flatMap((issue) =>
    issue.type === WARNING_ISSUE_TYPE && issue.code ? [{ ...issue, code: issue.code }] : [],
  );
}

/** True when a refusal is nothing but warnings to confirm: the dialog shows no failure then. */
export function onlyWarnings(error: unknown): boolean {
  const issues = serverIssues(error);
  return issues.length > 0 && issues.length === plausibilityWarnings(error).length;
}

type Props = {
  error: unknown;
  pending: boolean;
  /** Resends the same save with these warning codes confirmed. */
  onConfirm: (codes: string[]) => void;
};

/**
 * The confirm step of a save refused for implausible values: the warnings in the reader's words
 * and one "Confirm and save" action, which takes the focus so a keyboard user lands on it. The
 * user may also correct the values and save again as usual.
 */
export function PlausibilityWarnings({ error, pending, onConfirm }: Props) {
  const t = useTranslations("plausibility");
  const words = useWords();
  const warnings = plausibilityWarnings(error);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const shown = warnings.length > 0;
  useEffect(() => {
    if (shown) confirmRef.current?.focus();
  }, [shown, error]);
  if (!shown) return null;
  const codes = [...new Set(warnings.map((w) => w.code))];
  return (
    <section
      aria-labelledby="plausibility-warnings-title"
      data-testid="plausibility-warnings"
      className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <h3 id="plausibility-warnings-title" className="font-semibold">
        {t("warningsTitle")}
      </h3>
      <p className="mt-1">{t("warningsIntro")}</p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {warnings.map((warning, index) => (
          <li key={`${warning.code}-${index}`}>{words(warning.msg)}</li>
        ))}
      </ul>
      <div className="mt-3 flex justify-end">
        <Button ref={confirmRef} disabled={pending} onClick={() => onConfirm(codes)}>
          {t("confirmAndSave")}
        </Button>
      </div>
    </section>
  );
}
