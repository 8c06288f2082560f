import { SI_NO } from "@/components/forms/boolean-labels";
import { useFormat } from "@/components/i18n/use-format";
import type { PatientResponse } from "@/lib/schemas/patients";

const SEX_LABELS: Record<string, string> = { M: "Male", F: "Female" };

/** Booleans read SI/NO as in the patient form (spec §9). */
const siNo = (value: boolean) => (value ? SI_NO.yes : SI_NO.no);

/** Patient Information: the patient's own columns, dates as 'MMM dd, yyyy'. */
export function PatientInfo({ patient }: { patient: PatientResponse }) {
  const fmt = useFormat();
  const rows: [string, string][] = [
    ["Patient Code", patient.code],
    ["Birth Date", fmt.date(patient.birth_date)],
    ["Sex", SEX_LABELS[patient.sex] ?? patient.sex],
    ["Height", patient.height_cm === null ? "—" : `${fmt.exact(patient.height_cm)} cm`],
    ["Weight", patient.weight_kg === null ? "—" : `${fmt.exact(patient.weight_kg)} kg`],
    ["Enrollment Date", fmt.date(patient.created_at)],
    ["Systemic Naive", siNo(patient.naive_systemic)],
    ["Biologic Naive", siNo(patient.naive_biologic)],
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
