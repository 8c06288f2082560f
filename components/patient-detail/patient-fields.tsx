import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { SI_NO } from "@/components/forms/boolean-labels";
import { MissingCodeBadge } from "@/components/forms/missing-code-badge";
import { fieldState, groupFieldsByCategory, isEmptyValue } from "@/lib/forms";
import type { PatientResponse } from "@/lib/schemas/patients";
import type { MissingCode, StudyConfig } from "@/lib/schemas/study-config";
import { RecordedValue } from "./recorded-value";
import { QueryMarker } from "@/components/data-queries/query-marker";
import { VerificationMark } from "@/components/data-review/verification-mark";

/** Shown by Patient Information from the patient's own columns (patient-info.tsx), not twice. */
const SHOWN_AS_COLUMNS = new Set(["naive_systemic", "naive_biologic"]);

/**
 * The study's patient fields as recorded, by category, read-only for everyone who may read the
 * patient (docs/decisions/0028): a monitor sees what the form asked; editing stays in the edit
 * dialog. A field its conditions hide (show_if) was never asked and is left out, as in the form;
 * a shown field with no answer stays blank.
 */
export function PatientFields({
  patient,
  config,
  missingCodes = [],
}: {
  patient: PatientResponse;
  config: Pick<StudyConfig, "data_fields" | "categories">;
  /** The study's missing-data codes: a code given instead of a value shows as the code (decision 0023). */
  missingCodes?: readonly MissingCode[];
}) {
  const t = useTranslations("patientPage.fields");
  const values = patient.custom_fields;
  const groups = groupFieldsByCategory(config.data_fields, config.categories, "patient")
    .map((group) => ({
      group,
      fields: group.fields.filter(
        (field) => !SHOWN_AS_COLUMNS.has(field.name) && fieldState(field, values).visible,
      ),
    }))
    .filter(({ fields }) => fields.length > 0);
  if (groups.length === 0) return <p className="text-sm text-slate-500">{t("none")}</p>;
  return (
    <div className="space-y-5">
      {groups.map(({ group, fields }) => {
        const heading = group.category?.label ?? t("other");
        const key = group.category?.code ?? "__other";
        return (
          <section key={key} aria-labelledby={`patient-fields-${key}`} data-testid={`patient-fields-${key}`}>
            <h3 id={`patient-fields-${key}`} className="mb-2 text-sm font-semibold text-slate-800">
              {heading}
            </h3>
            <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
              {fields.map((field) => (
                <div
                  key={field.name}
                  className={field.type === "array" ? "min-w-0 sm:col-span-2 lg:col-span-3" : "min-w-0"}
                >
                  <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">
                    {field.label}
                  </dt>
                  <dd className="mt-0.5 text-sm break-words text-slate-900">
                    {/* The value alone (its query marker sits beside it, decision 0030); an
                        array's table is a block. */}
                    <ValueBox array={field.type === "array"} name={field.name}>
                      {Object.hasOwn(patient.missing, field.name) ? (
                        <MissingCodeBadge code={patient.missing[field.name]!} codes={missingCodes} />
                      ) : (
                        <RecordedValue field={field} value={values[field.name]} booleanLabels={SI_NO} />
                      )}
                    </ValueBox>
                    <QueryMarker
                      target={{ entityType: "patient", entityId: patient.id, field: field.name }}
                      label={field.label}
                    />
                    <VerificationMark
                      entity="patient"
                      id={patient.id}
                      field={field.name}
                      label={field.label}
                      verification={patient.verification}
                      answered={
                        Object.hasOwn(patient.missing, field.name) || !isEmptyValue(values[field.name])
                      }
                    />
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        );
      })}
    </div>
  );
}

function ValueBox({ array, name, children }: { array: boolean; name: string; children: ReactNode }) {
  return array ? <div data-field={name}>{children}</div> : <span data-field={name}>{children}</span>;
}
