"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { CONTROL_CLASS } from "@/components/ui/control-class";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { EMPTY_AUDIT_FILTERS, type AuditFilterValues } from "@/lib/client/audit-logs";
import { AUDIT_ACTIONS } from "@/lib/schemas/audit-actions";
import { AUDIT_LOG_LIMITS } from "@/lib/schemas/audit-logs";

/** The stored entity types; their names on screen come from the catalogue (audit.entityTypes). */
export const ENTITY_TYPES = [
  "patient",
  "visit",
  "therapy_line",
  "study",
  "user",
  "user_study_role",
  "medical_group",
  "field_template",
  "content_block",
  "upload",
  "protocol_version",
  "query",
  "notification",
  "sign_in_address",
  "audit_logs",
  "audit_chain",
  "endpoint",
  "page",
] as const;

/**
 * Spec §2 filters: Search (user/entity), Action, Entity Type, Study ID, Start and End Date; plus
 * Patient ID (the patient's rows and its visits'), so a monitor's question has one filter.
 */
export function AuditLogFilters({ onApply }: { onApply: (filters: AuditFilterValues) => void }) {
  const t = useTranslations("audit");
  const [values, setValues] = useState<AuditFilterValues>(EMPTY_AUDIT_FILTERS);
  const set = (name: keyof AuditFilterValues) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: event.target.value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    onApply(values);
  }

  return (
    <form
      onSubmit={submit}
      role="search"
      aria-label={t("filters.label")}
      className="mb-4 grid grid-cols-1 gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-3"
    >
      <div>
        <Label htmlFor="audit-search">{t("filters.search")}</Label>
        <Input
          id="audit-search"
          type="search"
          placeholder={t("filters.searchPlaceholder")}
          maxLength={AUDIT_LOG_LIMITS.search}
          value={values.search}
          onChange={set("search")}
        />
      </div>
      <div>
        <Label htmlFor="audit-action">{t("filters.action")}</Label>
        <select id="audit-action" className={CONTROL_CLASS} value={values.action} onChange={set("action")}>
          <option value="">{t("filters.allActions")}</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {t(`actions.${action}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <Label htmlFor="audit-entity-type">{t("filters.entityType")}</Label>
        <select
          id="audit-entity-type"
          className={CONTROL_CLASS}
          value={values.entity_type}
          onChange={set("entity_type")}
        >
          <option value="">{t("filters.allEntityTypes")}</option>
          {ENTITY_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`entityTypes.${type}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <Label htmlFor="audit-study-id">{t("filters.studyId")}</Label>
        <Input
          id="audit-study-id"
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          value={values.study_id}
          onChange={set("study_id")}
        />
      </div>
      <div>
        <Label htmlFor="audit-patient-id">{t("filters.patientId")}</Label>
        <Input
          id="audit-patient-id"
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          value={values.patient_id}
          onChange={set("patient_id")}
        />
      </div>
      <div>
        <Label htmlFor="audit-start-date">{t("filters.startDate")}</Label>
        <Input
          id="audit-start-date"
          type="datetime-local"
          value={values.start_date}
          onChange={set("start_date")}
        />
      </div>
      <div>
        <Label htmlFor="audit-end-date">{t("filters.endDate")}</Label>
        <Input id="audit-end-date" type="datetime-local" value={values.end_date} onChange={set("end_date")} />
      </div>
      <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-3">
        <Button type="submit">{t("filters.apply")}</Button>
        <Button
          variant="secondary"
          onClick={() => {
            setValues(EMPTY_AUDIT_FILTERS);
            onApply(EMPTY_AUDIT_FILTERS);
          }}
        >
          {t("filters.clear")}
        </Button>
        {/* The security view: refused accesses, which no patient trail shows (docs/decisions/0018). */}
        <Button
          variant="secondary"
          onClick={() => {
            const security = { ...EMPTY_AUDIT_FILTERS, action: "access_denied" };
            setValues(security);
            onApply(security);
          }}
        >
          {t("filters.security")}
        </Button>
      </div>
    </form>
  );
}
