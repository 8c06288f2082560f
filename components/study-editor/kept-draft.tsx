"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";

/**
 * The user's own draft after a Reload that replaced it with someone else's saved version: read
 * only, to copy from, until dismissed. Nothing of it is saved.
 */
export function KeptDraftPanel({ draft, onDismiss }: { draft: unknown; onDismiss: () => void }) {
  const t = useTranslations("editor.keptDraft");
  return (
    <section
      aria-labelledby="kept-draft-heading"
      className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id="kept-draft-heading" className="font-semibold">
            {t("heading")}
          </h2>
          <p className="mt-1">{t("body")}</p>
        </div>
        <Button variant="secondary" onClick={onDismiss}>
          {t("dismiss")}
        </Button>
      </div>
      <label htmlFor="kept-draft-json" className="mt-3 block font-medium">
        {t("label")}
      </label>
      <textarea
        id="kept-draft-json"
        readOnly
        rows={10}
        value={JSON.stringify(draft, null, 2)}
        className="mt-1 block w-full rounded-md border border-amber-300 bg-white p-2 font-mono text-xs text-slate-900"
      />
    </section>
  );
}
