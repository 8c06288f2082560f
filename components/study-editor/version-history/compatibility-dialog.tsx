"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import type { CompatibilityResult } from "@/lib/schemas/protocol-versions";
import { CompatibilityIssueList } from "../compatibility-issue-list";

/** The compatibility-check modal: what the version would do to the data already entered. */
export function CompatibilityDialog({
  versionNumber,
  result,
  onClose,
}: {
  versionNumber: number;
  result: CompatibilityResult;
  onClose: () => void;
}) {
  const t = useTranslations("editorVersions");
  const tc = useTranslations("common.actions");
  const tl = useTranslations("editor.compatibility");
  return (
    <Dialog
      open
      onClose={onClose}
      title={t("compatibilityTitle", { number: versionNumber })}
      className="max-w-2xl"
      footer={<Button onClick={onClose}>{tc("close")}</Button>}
    >
      <p
        role="status"
        className={result.compatible ? "font-medium text-green-800" : "font-medium text-red-800"}
      >
        {result.compatible
          ? t("compatible")
          : t("breaking", { patients: result.affected_patients, visits: result.affected_visits })}
      </p>
      <CompatibilityIssueList
        className="mt-3"
        title={tl("breakingChanges")}
        issues={result.breaking_changes}
        tone="red"
      />
      <CompatibilityIssueList className="mt-3" title={tl("warnings")} issues={result.warnings} tone="amber" />
    </Dialog>
  );
}
