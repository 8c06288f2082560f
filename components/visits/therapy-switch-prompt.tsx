"use client";

import { Button } from "@/components/ui/button";
import { DEFAULT_THERAPY_PROMPT } from "@/lib/schemas/study-config";

/** The follow-up visit's question (spec §4): Sì continues the therapy, No opens the switch form. */
export function TherapySwitchPrompt({
  message,
  onContinue,
  onSwitch,
}: {
  message: string;
  onContinue: () => void;
  onSwitch: () => void;
}) {
  return (
    <fieldset className="rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-base font-semibold">{message || DEFAULT_THERAPY_PROMPT}</legend>
      <div className="mt-2 flex gap-2">
        <Button onClick={onContinue}>Sì</Button>
        <Button variant="secondary" onClick={onSwitch}>
          No
        </Button>
      </div>
    </fieldset>
  );
}
