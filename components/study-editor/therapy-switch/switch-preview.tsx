"use client";

import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { useStudyWords } from "@/components/study-text/content-language";
import { TherapySwitchForm } from "@/components/visits/therapy-switch-form";
import { TherapySwitchPrompt } from "@/components/visits/therapy-switch-prompt";
import { Button } from "@/components/ui/button";
import type { TherapySwitchValue } from "@/lib/forms";
import type { TherapySwitchConfig, TherapySwitchConfigDocument } from "@/lib/schemas/study-config";

/** The switch configuration in the reader's words, as the add-visit dialog shows it (decision 0022). */
function useSwitchInWords(document: TherapySwitchConfigDocument): TherapySwitchConfig {
  const words = useStudyWords();
  return useMemo(
    () => ({
      enabled: document.enabled,
      prompt_message: words(document.prompt_message),
      switch_fields: document.switch_fields.map(({ label, placeholder, options, ...field }) => ({
        ...field,
        label: words(label),
        ...(placeholder !== undefined && { placeholder: words(placeholder) }),
        ...(options && { options: options.map((o) => ({ value: o.value, label: words(o.label) })) }),
      })),
    }),
    [document, words],
  );
}

/**
 * The live preview: the prompt and the switch form of the add-visit dialog, on the unsaved
 * configuration, checked by the same engine.
 */
export function SwitchPreview({ config: document }: { config: TherapySwitchConfigDocument }) {
  const config = useSwitchInWords(document);
  const t = useTranslations("editorVisits.switch");
  const [step, setStep] = useState<"prompt" | "form" | "done">("prompt");
  const [answer, setAnswer] = useState<TherapySwitchValue | null>(null);
  return (
    <aside
      aria-label={t("preview")}
      className="w-full shrink-0 rounded-lg border border-slate-200 bg-white p-4 lg:w-[400px]"
    >
      <div className="mb-3 flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-800">{t("livePreview")}</h3>
        <Button
          variant="ghost"
          onClick={() => {
            setStep("prompt");
            setAnswer(null);
          }}
        >
          {t("reset")}
        </Button>
      </div>
      {step === "prompt" && (
        <TherapySwitchPrompt
          message={config.prompt_message}
          onContinue={() => {
            setAnswer({ is_continuing_therapy: true });
            setStep("done");
          }}
          onSwitch={() => setStep("form")}
        />
      )}
      {step === "form" && (
        <TherapySwitchForm
          config={config}
          onCancel={() => setStep("prompt")}
          onSubmit={(value) => {
            setAnswer(value);
            setStep("done");
          }}
        />
      )}
      {step === "done" && answer && (
        <pre role="status" className="overflow-x-auto rounded bg-slate-50 p-2 text-xs">
          {JSON.stringify(answer, null, 2)}
        </pre>
      )}
    </aside>
  );
}
