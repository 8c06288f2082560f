"use client";

import { useTranslations } from "next-intl";
import { useId, useMemo } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useWords } from "@/components/i18n/use-words";
import { parseExpression } from "@/lib/calc";
import type { CalculationDocument } from "@/lib/schemas/study-config";
import { errorPosition, sampleKeys, tryCalculation } from "@/lib/study-editor/calculations";

function Result({ value, error, expression }: { value: unknown; error: string | null; expression?: string }) {
  const t = useTranslations("editorCalculations");
  const words = useWords();
  if (error) {
    const position = errorPosition(error);
    return (
      <div role="status" className="text-sm text-red-700">
        <p>{words(error)}</p>
        {expression !== undefined && position !== null && (
          // The expression with a caret under the character the engine stopped at.
          <pre aria-hidden="true" className="mt-1 overflow-x-auto rounded bg-red-50 p-2 font-mono text-xs">
            {expression}
            {"\n"}
            {" ".repeat(Math.max(0, position - 1))}^
          </pre>
        )}
      </div>
    );
  }
  return (
    <p role="status" className="text-sm text-slate-800">
      {t("result")}
      <strong>{value === null ? "—" : String(value)}</strong>
    </p>
  );
}

/**
 * "Try it": sample values for what the formula reads, evaluated as the capture forms will, by the
 * engine itself (custom expressions included, with their errors and where they are).
 */
export function TryItPanel({
  draft,
  others,
  samples,
  baselineSamples,
  onSamplesChange,
  onBaselineSamplesChange,
}: {
  draft: CalculationDocument;
  others: readonly CalculationDocument[];
  samples: Record<string, string>;
  baselineSamples: Record<string, string>;
  onSamplesChange: (samples: Record<string, string>) => void;
  onBaselineSamplesChange: (samples: Record<string, string>) => void;
}) {
  const id = useId();
  const t = useTranslations("editorCalculations");
  const keys = useMemo(() => sampleKeys(draft.formula), [draft.formula]);
  const baselineKey = draft.formula.type === "improvement_percentage" ? draft.formula.baseline_field : "";
  const syntax =
    draft.formula.type === "custom_expression" && draft.formula.expression.trim()
      ? parseExpression(draft.formula.expression)
      : null;
  const trial = useMemo(
    () => tryCalculation({ ...draft, name: draft.name || "draft" }, others, samples, baselineSamples),
    [draft, others, samples, baselineSamples],
  );
  const expression = draft.formula.type === "custom_expression" ? draft.formula.expression : undefined;
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-md border border-slate-200 bg-slate-50 p-3">
      <h3 id={`${id}-heading`} className="text-sm font-semibold text-slate-800">
        {t("tryIt")}
      </h3>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        {baselineKey && (
          <div>
            <Label htmlFor={`${id}-baseline`}>{t("baselineSample", { name: baselineKey })}</Label>
            <Input
              id={`${id}-baseline`}
              inputMode="decimal"
              value={baselineSamples[baselineKey] ?? ""}
              onChange={(e) => onBaselineSamplesChange({ ...baselineSamples, [baselineKey]: e.target.value })}
            />
          </div>
        )}
        {keys.map((key) => (
          <div key={key}>
            <Label htmlFor={`${id}-${key}`}>{t("sample", { name: key })}</Label>
            <Input
              id={`${id}-${key}`}
              value={samples[key] ?? ""}
              onChange={(e) => onSamplesChange({ ...samples, [key]: e.target.value })}
            />
          </div>
        ))}
      </div>
      <div className="mt-2">
        {syntax && !syntax.ok ? (
          <Result value={null} error={syntax.error} expression={expression} />
        ) : (
          <Result value={trial.value} error={trial.error} expression={expression} />
        )}
      </div>
    </section>
  );
}
