import { useTranslations } from "next-intl";
import { SI_NO, useBooleanWords } from "@/components/forms/boolean-labels";
import { useFormat } from "@/components/i18n/use-format";
import type { PatientResponse } from "@/lib/schemas/patients";

/** Patient Information: the patient's own columns, dates as 'MMM dd, yyyy'; booleans as in the patient form (spec §9). */
export function PatientInfo({ patient }: { patient: PatientResponse }) {
  const t = useTranslations("patients.info");
  const fmt = useFormat();
  const yesNo = useBooleanWords(SI_NO);
  // Unanswered stays blank, never "No" (decision 0023).
  const siNo = (value: boolean | null) => (value === null ? "—" : value ? yesNo.yes : yesNo.no);
  const sex = patient.sex === "M" ? t("male") : patient.sex === "F" ? t("female") : patient.sex;
  const rows: [string, string][] = [
    [t("code"), patient.code],
    [t("birthDate"), fmt.date(patient.birth_date)],
    [t("sex"), sex],
    [t("height"), patient.height_cm === null ? "—" : t("cm", { value: fmt.exact(patient.height_cm) })],
    [t("weight"), patient.weight_kg === null ? "—" : t("kg", { value: fmt.exact(patient.weight_kg) })],
    [t("enrolled"), fmt.date(patient.created_at)],
    [t("naiveSystemic"), siNo(patient.naive_systemic)],
    [t("naiveBiologic"), siNo(patient.naive_biologic)],
  ];
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-4">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{term}</dt>
          <dd className="mt-0.5 text-sm text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
