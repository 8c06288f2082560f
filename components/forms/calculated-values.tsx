import { useTranslations } from "next-intl";
import { useFormat } from "@/components/i18n/use-format";
import { useWords } from "@/components/i18n/use-words";
import { calculatedText as format } from "@/lib/forms/value-text";
import type { Calculation } from "@/lib/schemas/study-config";
import { useBooleanWords, type BooleanLabels } from "./boolean-labels";

type Props = {
  calculations: Calculation[];
  results: Record<string, number | boolean | string | null>;
  errors: Record<string, string>;
  booleanLabels: BooleanLabels;
};

/** Read-only results of the study's calculations, recomputed as the user types. */
export function CalculatedValues({ calculations, results, errors, booleanLabels }: Props) {
  const t = useTranslations("forms.form");
  const yesNo = useBooleanWords(booleanLabels);
  const fmt = useFormat();
  const words = useWords();
  return (
    <section
      aria-label={t("calculated")}
      className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3"
    >
      <h3 className="mb-2 text-sm font-semibold text-slate-800">{t("calculated")}</h3>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        {calculations.map((calculation) => {
          const value = results[calculation.name] ?? null;
          // No value: say why when the engine says (a missing input, a division by zero).
          const reason = value === null ? calculationError(errors, calculation.name, words) : undefined;
          return (
            <div key={calculation.name} className="flex justify-between gap-2">
              <dt className="text-slate-600">{calculation.label}</dt>
              <dd
                className="min-w-0 text-right font-medium text-slate-900"
                data-testid={`calc-${calculation.name}`}
                title={reason}
              >
                {format(value, yesNo, fmt)}
                {reason && <span className="block text-xs font-normal text-slate-500">{reason}</span>}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}

/** Why a calculation has no value, in the reader's words (the engine's messages are references). */
function calculationError(
  errors: Record<string, string>,
  name: string,
  words: (text: string) => string,
): string | undefined {
  const error = errors[name];
  return error === undefined ? undefined : words(error);
}
