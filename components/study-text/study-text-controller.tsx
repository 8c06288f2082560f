"use client";

import type { ComponentProps } from "react";
import { Controller, type Control, type FieldPath, type FieldValues } from "react-hook-form";
import type { StudyText } from "@/lib/schemas/study-text";
import { StudyTextInput } from "./study-text-input";

type InputProps = Omit<ComponentProps<typeof StudyTextInput>, "value" | "onChange" | "onBlur">;

/** A `StudyTextInput` bound to a react-hook-form field (decision 0022): the dialogs' one wiring. */
export function StudyTextController<T extends FieldValues, C, U extends FieldValues>({
  control,
  name,
  ...input
}: { control: Control<T, C, U>; name: FieldPath<T> } & InputProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <StudyTextInput
          {...input}
          value={field.value as StudyText | undefined}
          onChange={field.onChange}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}
