"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import type { StudyConfigDocument } from "@/lib/schemas/study-config";
import type { PathIssue } from "@/lib/study-editor/data-fields";
import { SignatureMeaningsEditor } from "./signature-meanings-editor";

export type SignatureSettingsDocument = NonNullable<StudyConfigDocument["signatures"]>;

type Props = {
  /** The document's `signatures`; undefined = every default of decision 0032. */
  settings: SignatureSettingsDocument | undefined;
  onChange: (next: SignatureSettingsDocument | undefined) => void;
  /** Config issues of the last save attempt (only `signatures` paths are read). */
  issues?: readonly PathIssue[];
};

/**
 * The study's electronic signature settings (docs/decisions/0032): whether signing waits for the
 * review (absent: on), whether sub-investigators sign their group's patients (absent: off) and the
 * meanings. A setting put back to its default leaves the document rather than being written out,
 * so a study that never set one keeps its document byte for byte (as `sdv_requirement`, decision
 * 0031); a document that stated the default itself keeps stating it.
 */
export function SignatureSettingsEditor({ settings, onChange, issues }: Props) {
  const t = useTranslations("editorSettings.signatures");
  const id = useId();
  const [initial] = useState(settings);

  const put = <K extends keyof SignatureSettingsDocument>(key: K, value: SignatureSettingsDocument[K]) => {
    const { [key]: _previous, ...rest } = settings ?? {};
    const next: SignatureSettingsDocument = value === undefined ? rest : { ...rest, [key]: value };
    onChange(Object.keys(next).length === 0 && initial === undefined ? undefined : next);
  };
  const reviewFirst = settings?.require_review_complete !== false;
  const subInvestigatorsSign = settings?.sub_investigators_sign === true;

  return (
    <section aria-labelledby={`${id}-title`} className="mt-6 rounded-lg border border-slate-200 bg-white p-4">
      <h3 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        {t("title")}
      </h3>
      <div className="mt-3 space-y-3">
        <div>
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-0.5"
              checked={reviewFirst}
              aria-describedby={`${id}-review-hint`}
              onChange={(event) =>
                put(
                  "require_review_complete",
                  event.target.checked ? initial?.require_review_complete === true || undefined : false,
                )
              }
            />
            <span className="min-w-0">{t("requireReviewComplete")}</span>
          </label>
          <p id={`${id}-review-hint`} className="mt-0.5 ml-6 text-xs text-slate-500">
            {t("requireReviewCompleteHint")}
          </p>
        </div>
        <div>
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-0.5"
              checked={subInvestigatorsSign}
              aria-describedby={`${id}-sub-hint`}
              onChange={(event) =>
                put(
                  "sub_investigators_sign",
                  event.target.checked ? true : initial?.sub_investigators_sign === false ? false : undefined,
                )
              }
            />
            <span className="min-w-0">{t("subInvestigatorsSign")}</span>
          </label>
          <p id={`${id}-sub-hint`} className="mt-0.5 ml-6 text-xs text-slate-500">
            {t("subInvestigatorsSignHint")}
          </p>
        </div>
      </div>
      <SignatureMeaningsEditor
        meanings={settings?.meanings}
        onChange={(meanings) => put("meanings", meanings)}
        issues={issues}
      />
    </section>
  );
}
