"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { CONTROL_CLASS } from "@/components/ui/control-class";
import type { PatientGroupChoice } from "@/lib/schemas/patients";
import { QUERY_STATUSES, type QueryStatus } from "@/lib/schemas/query-states";
import type { QueryLabels } from "./query-columns";

/** What the filter form holds: each an API term (GET /api/queries), "" for any. */
export type QueryFilterValues = {
  status: QueryStatus | "";
  visit_type: string;
  field: string;
  medical_group_id: string;
  /** As typed; sent only while it is a whole number of days. */
  min_days_open: string;
  order: "desc" | "asc";
};

export const NO_QUERY_FILTERS: QueryFilterValues = {
  status: "",
  visit_type: "",
  field: "",
  medical_group_id: "",
  min_days_open: "",
  order: "desc",
};

const WHOLE_DAYS = /^\d{1,5}$/;

/** The API's query terms for the values (the list and the CSV take the same ones). */
export function queryFilterParams(values: QueryFilterValues): Record<string, string> {
  const params: Record<string, string> = { order: values.order };
  if (values.status) params.status = values.status;
  if (values.visit_type) params.visit_type = values.visit_type;
  if (values.field) params.field = values.field;
  if (values.medical_group_id) params.medical_group_id = values.medical_group_id;
  const days = values.min_days_open.trim();
  if (WHOLE_DAYS.test(days)) params.min_days_open = String(Number(days));
  return params;
}

type Props = {
  values: QueryFilterValues;
  onChange: (values: QueryFilterValues) => void;
  labels: Pick<QueryLabels, "visitTypes" | "fields">;
  /** The study's medical groups; the filter is offered only when there are some to choose from. */
  groups: PatientGroupChoice[];
};

/** Status, visit type, field, medical group, days open and the order, each a labelled control. */
export function QueryFilters({ values, onChange, labels, groups }: Props) {
  const t = useTranslations("queriesPage.filters");
  const ts = useTranslations("queriesPage.status");
  const id = useId();
  const set = <K extends keyof QueryFilterValues>(key: K, value: QueryFilterValues[K]) =>
    onChange({ ...values, [key]: value });
  const select = (key: "visit_type" | "field" | "medical_group_id", label: string, all: string) => ({
    key,
    id: `${id}-${key}`,
    label,
    all,
    value: values[key],
    onChange: (value: string) => set(key, value),
  });
  const controls = [
    select("visit_type", t("visitType"), t("visitTypeAll")),
    select("field", t("field"), t("fieldAll")),
  ];
  const options: Record<(typeof controls)[number]["key"], { value: string; label: string }[]> = {
    visit_type: labels.visitTypes.map((type) => ({ value: type.code, label: type.label })),
    field: labels.fields.map((field) => ({ value: field.name, label: field.label })),
    medical_group_id: groups.map((group) => ({ value: String(group.id), label: group.name })),
  };
  if (groups.length > 0) controls.push(select("medical_group_id", t("group"), t("groupAll")));

  return (
    <fieldset className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <legend className="px-1 text-sm font-semibold text-slate-700">{t("label")}</legend>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <div className="min-w-0">
          <label htmlFor={`${id}-status`} className="mb-1 block text-sm font-medium text-slate-700">
            {t("status")}
          </label>
          <select
            id={`${id}-status`}
            className={CONTROL_CLASS}
            value={values.status}
            onChange={(e) => set("status", e.target.value as QueryStatus | "")}
          >
            <option value="">{t("statusAll")}</option>
            {QUERY_STATUSES.map((status) => (
              <option key={status} value={status}>
                {ts(status)}
              </option>
            ))}
          </select>
        </div>
        {controls.map((control) => (
          <div key={control.id} className="min-w-0">
            <label htmlFor={control.id} className="mb-1 block text-sm font-medium text-slate-700">
              {control.label}
            </label>
            <select
              id={control.id}
              className={CONTROL_CLASS}
              value={control.value}
              onChange={(e) => control.onChange(e.target.value)}
            >
              <option value="">{control.all}</option>
              {options[control.key].map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        ))}
        <div className="min-w-0">
          <label htmlFor={`${id}-days`} className="mb-1 block text-sm font-medium text-slate-700">
            {t("minDays")}
          </label>
          <input
            id={`${id}-days`}
            type="number"
            inputMode="numeric"
            min={0}
            max={36500}
            step={1}
            className={CONTROL_CLASS}
            value={values.min_days_open}
            onChange={(e) => set("min_days_open", e.target.value)}
          />
        </div>
        <div className="min-w-0">
          <label htmlFor={`${id}-order`} className="mb-1 block text-sm font-medium text-slate-700">
            {t("order")}
          </label>
          <select
            id={`${id}-order`}
            className={CONTROL_CLASS}
            value={values.order}
            onChange={(e) => set("order", e.target.value === "asc" ? "asc" : "desc")}
          >
            <option value="desc">{t("newest")}</option>
            <option value="asc">{t("oldest")}</option>
          </select>
        </div>
      </div>
      <div className="mt-3">
        <Button variant="secondary" onClick={() => onChange(NO_QUERY_FILTERS)}>
          {t("clear")}
        </Button>
      </div>
    </fieldset>
  );
}
