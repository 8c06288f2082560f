"use client";

import { useTranslations } from "next-intl";
import type { UseFormRegister } from "react-hook-form";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

type ScheduleKey = "day_offset" | "window_before" | "window_after";
type ScheduleValues = Record<ScheduleKey, string>;

/**
 * The Visit Types dialog's schedule (decision 0025): day offset from the baseline visit and the
 * window around the due date, whole days, all optional. Hints and messages are tied to each input.
 */
export function VisitTypeScheduleFields<V extends ScheduleValues>(props: {
  id: string;
  register: UseFormRegister<V>;
  errors: Partial<Record<ScheduleKey, string | undefined>>;
}) {
  const t = useTranslations("schedule.editor");
  const register = props.register as unknown as UseFormRegister<ScheduleValues>;
  const field = (key: ScheduleKey, label: string, hintId: string) => {
    const inputId = `${props.id}-${key}`;
    const error = props.errors[key];
    const describedBy = [error && `${inputId}-error`, hintId].filter(Boolean).join(" ");
    return (
      <div>
        <Label htmlFor={inputId}>{label}</Label>
        <Input
          id={inputId}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          aria-describedby={describedBy}
          {...(error ? { "aria-invalid": true as const } : {})}
          {...register(key)}
        />
        <FieldError id={inputId} error={error} />
      </div>
    );
  };
  const offsetHint = `${props.id}-day-offset-hint`;
  const windowHint = `${props.id}-window-hint`;
  return (
    <fieldset className="grid gap-3 sm:grid-cols-3">
      <legend className="sr-only">{t("column")}</legend>
      {field("day_offset", t("dayOffset"), offsetHint)}
      {field("window_before", t("windowBefore"), windowHint)}
      {field("window_after", t("windowAfter"), windowHint)}
      <p id={offsetHint} className="text-xs text-slate-500 sm:col-span-3">
        {t("dayOffsetHint")}
      </p>
      <p id={windowHint} className="-mt-2 text-xs text-slate-500 sm:col-span-3">
        {t("windowHint")}
      </p>
    </fieldset>
  );
}
