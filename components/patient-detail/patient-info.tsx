import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { SI_NO, useBooleanWords } from "@/components/forms/boolean-labels";
import { MissingCodeBadge } from "@/components/forms/missing-code-badge";
import { useFormat } from "@/components/i18n/use-format";
import { QueryMarker } from "@/components/data-queries/query-marker";
import { VerificationMark } from "@/components/data-review/verification-mark";
import type { PatientResponse } from "@/lib/schemas/patients";
import type { MissingCode } from "@/lib/schemas/study-config";

/**
 * Patient Information: the patient's own columns, dates as 'MMM dd, yyyy'; booleans as in the patient
 * form (spec §9). Enrolment is the baseline visit's date (the earliest visit), not the row's creation
 * time (docs/decisions/0028), as the server keeps it on the patient. `group` is the patient's medical group's name when the study has groups.
 */
export function PatientInfo({
  patient,
  group,
  missingCodes = [],
}: {
  patient: PatientResponse;
  group?: string | null;
  /** The study's missing-data codes in the reader's language (decision 0023). */
  missingCodes?: readonly MissingCode[];
}) {
  const t = useTranslations("patients.info");
  const tPage = useTranslations("patientPage");
  const fmt = useFormat();
  const yesNo = useBooleanWords(SI_NO);
  // Unanswered stays blank, never "No" (decision 0023).
  // A study that asks the flag as its own field may have a missing-data code for it instead.
  const siNo = (value: boolean | null, name: string): ReactNode => {
    const code = patient.missing?.[name];
    if (code) return <MissingCodeBadge code={code} codes={missingCodes} />;
    return value === null ? "—" : value ? yesNo.yes : yesNo.no;
  };
  const sex = patient.sex === "M" ? t("male") : patient.sex === "F" ? t("female") : patient.sex;
  // [term, value, the column a data query may name (decision 0030); none for derived rows]
  const rows: [string, ReactNode, string | null][] = [
    [t("code"), patient.code, "code"],
    [t("birthDate"), fmt.date(patient.birth_date), "birth_date"],
    [t("sex"), sex, "sex"],
    [
      t("height"),
      patient.height_cm === null ? "—" : t("cm", { value: fmt.exact(patient.height_cm) }),
      "height_cm",
    ],
    [
      t("weight"),
      patient.weight_kg === null ? "—" : t("kg", { value: fmt.exact(patient.weight_kg) }),
      "weight_kg",
    ],
    [
      t("enrolled"),
      patient.enrolled_on === null ? `— (${tPage("enrolment.noBaseline")})` : fmt.date(patient.enrolled_on),
      null,
    ],
    [t("naiveSystemic"), siNo(patient.naive_systemic, "naive_systemic"), "naive_systemic"],
    [t("naiveBiologic"), siNo(patient.naive_biologic, "naive_biologic"), "naive_biologic"],
  ];
  if (group !== undefined) rows.push([tPage("group.label"), group ?? tPage("group.none"), null]);
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-4">
      {rows.map(([term, value, column]) => (
        <div key={term} className="min-w-0">
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{term}</dt>
          <dd className="mt-0.5 text-sm text-slate-900">
            {value}
            {column && (
              <QueryMarker
                target={{ entityType: "patient", entityId: patient.id, field: column }}
                label={term}
              />
            )}
            {column && column !== "code" && (
              <VerificationMark
                entity="patient"
                id={patient.id}
                field={column}
                label={term}
                verification={patient.verification}
                answered={patient[column as keyof typeof patient] !== null}
              />
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
