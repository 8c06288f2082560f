"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { CONTROL_CLASS } from "@/components/ui/control-class";
import { FORM_STATUSES, type FormStatus } from "@/lib/schemas/data-review";
import type { PatientGroupChoice } from "@/lib/schemas/patients";
import type { SdvLabels } from "./sdv-columns";

/** What the filter form holds: each an API term (GET /api/sdv), "" for any. */
export type SdvFilterValues = { form_status: FormStatus | ""; visit_type: string; medical_group_id: string };

export const NO_SDV_FILTERS: SdvFilterValues = { form_status: "", visit_type: "", medical_group_id: "" };

/** The API's query terms for the values. */
export function sdvFilterParams(values: SdvFilterValues): Record<string, string> {
  const params: Record<string, string> = {};
  if (values.form_status) params.form_status = values.form_status;
  if (values.visit_type) params.visit_type = values.visit_type;
  if (values.medical_group_id) params.medical_group_id = values.medical_group_id;
  return params;
}

type Props = {
  values: SdvFilterValues;
  onChange: (values: SdvFilterValues) => void;
  labels: SdvLabels;
  /** The study's medical groups; the filter is offered only when there are some to choose from. */
  groups: PatientGroupChoice[];
};

/** Form status, visit type and (when the study has groups) medical group, each a labelled select. */
export function SdvFilters({ values, onChange, labels, groups }: Props) {
  const t = useTranslations("sdvPage.filters");
  const ts = useTranslations("formStatus");
  const id = useId();
  const controls: {
    key: keyof SdvFilterValues;
    label: string;
    all: string;
    options: { value: string; label: string }[];
  }[] = [
    {
      key: "form_status",
      label: t("status"),
      all: t("statusAll"),
      options: FORM_STATUSES.map((status) => ({ value: status, label: ts(status) })),
    },
    {
      key: "visit_type",
      label: t("visitType"),
      all: t("visitTypeAll"),
      options: labels.visitTypes.map((type) => ({ value: type.code, label: type.label })),
    },
  ];
  if (groups.length > 0)
    controls.push({
      key: "medical_group_id",
      label: t("group"),
      all: t("groupAll"),
      options: groups.map((group) => ({ value: String(group.id), label: group.name })),
    });
  return (
    <fieldset className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <legend className="px-1 text-sm font-semibold text-slate-700">{t("label")}</legend>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {controls.map((control) => (
          <div key={control.key} className="min-w-0">
            <label htmlFor={`${id}-${control.key}`} className="mb-1 block text-sm font-medium text-slate-700">
              {control.label}
            </label>
            <select
              id={`${id}-${control.key}`}
              className={CONTROL_CLASS}
              value={values[control.key]}
              onChange={(e) => onChange({ ...values, [control.key]: e.target.value })}
            >
              <option value="">{control.all}</option>
              {control.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      <div className="mt-3">
        <Button variant="secondary" onClick={() => onChange(NO_SDV_FILTERS)}>
          {t("clear")}
        </Button>
      </div>
    </fieldset>
  );
}
