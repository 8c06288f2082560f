"use client";

import { useTranslations } from "next-intl";
import type { StudyConfigDocument } from "@/lib/schemas/study-config";

/** The collapsible JSON view of the configuration as it will be saved. */
export function JsonPreview({ config }: { config: StudyConfigDocument }) {
  const t = useTranslations("editor");
  return (
    <details className="mt-8 rounded-lg border border-slate-200 bg-white">
      <summary className="cursor-pointer select-none px-4 py-3 text-sm font-semibold text-slate-800">
        {t("jsonPreview")}
      </summary>
      <pre
        className="max-h-[32rem] overflow-auto border-t border-slate-100 bg-slate-950 p-4 text-xs text-slate-100"
        data-testid="config-json"
      >
        {JSON.stringify(config, null, 2)}
      </pre>
    </details>
  );
}
