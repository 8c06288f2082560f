"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { CONTROL_CLASS } from "@/components/ui/control-class";
import { Label } from "@/components/ui/label";
import { SDV_REQUIREMENTS, type SdvRequirement } from "@/lib/schemas/data-review";
import type { DataFieldDocument } from "@/lib/schemas/study-config";

type Props = {
  /** The document's `sdv_requirement`; undefined = none (decision 0031). */
  requirement: SdvRequirement | undefined;
  /** The study's fields, to warn when "key fields only" finds none flagged. */
  dataFields: readonly Pick<DataFieldDocument, "sdv_required">[];
  onChange: (next: SdvRequirement | undefined) => void;
};

const isRequirement = (value: string): value is SdvRequirement =>
  (SDV_REQUIREMENTS as readonly string[]).includes(value);

/**
 * The study's source data verification requirement (docs/decisions/0031): none, the fields marked
 * 'SDV required' in the Data Fields editor, or every field. Absent means none and stays absent
 * when none is chosen, so a study that never set it keeps its document byte for byte (as
 * `missing_codes`, decision 0023); a document that said "none" itself keeps saying it.
 */
export function SdvRequirementEditor({ requirement, dataFields, onChange }: Props) {
  const t = useTranslations("editorFields.sdv");
  const id = useId();
  const [statedNone] = useState(() => requirement === "none");
  const value = requirement ?? "none";
  const nothingFlagged = value === "key" && !dataFields.some((field) => field.sdv_required === true);
  return (
    <section aria-labelledby={`${id}-title`} className="mt-6 rounded-lg border border-slate-200 bg-white p-4">
      <h3 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        {t("title")}
      </h3>
      <div className="mt-3 max-w-md">
        <Label htmlFor={`${id}-select`}>{t("label")}</Label>
        <select
          id={`${id}-select`}
          value={value}
          aria-describedby={`${id}-hint${nothingFlagged ? ` ${id}-warning` : ""}`}
          className={CONTROL_CLASS}
          onChange={(event) => {
            const next = event.target.value;
            if (!isRequirement(next)) return;
            onChange(next === "none" && !statedNone ? undefined : next);
          }}
        >
          {SDV_REQUIREMENTS.map((option) => (
            <option key={option} value={option}>
              {t(`options.${option}`)}
            </option>
          ))}
        </select>
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {t("hint")}
        </p>
        {nothingFlagged && (
          <p id={`${id}-warning`} className="mt-1 text-xs font-medium text-amber-800">
            {t("noKeyFields")}
          </p>
        )}
      </div>
    </section>
  );
}
