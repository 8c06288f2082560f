"use client";

import { useTranslations } from "next-intl";
import { useBooleanWords, YES_NO } from "@/components/forms/boolean-labels";
import { Button } from "@/components/ui/button";

/**
 * The follow-up visit's question (spec §4): Sì (Yes) continues the therapy, No opens the switch
 * form. The question is the study's own; without one, the catalogue's default (the spec's Italian).
 */
export function TherapySwitchPrompt({
  message,
  onContinue,
  onSwitch,
}: {
  message: string;
  onContinue: () => void;
  onSwitch: () => void;
}) {
  const t = useTranslations("visits.switch");
  const yesNo = useBooleanWords(YES_NO);
  return (
    <fieldset className="rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-base font-semibold">{message || t("defaultPrompt")}</legend>
      <div className="mt-2 flex gap-2">
        <Button onClick={onContinue}>{yesNo.yes}</Button>
        <Button variant="secondary" onClick={onSwitch}>
          {yesNo.no}
        </Button>
      </div>
    </fieldset>
  );
}
