import type { ReactNode } from "react";

/**
 * A choice of one among a few, each with its name and a one-line hint under it (the Export and
 * Import screens' formats): a fieldset whose legend names the choice, radios labelled by their name
 * and hint.
 */
export function HintedRadioGroup<T extends string>({
  name,
  legend,
  options,
  value,
  onChange,
  disabled,
}: {
  name: string;
  legend: ReactNode;
  options: readonly { value: T; label: ReactNode; hint: ReactNode }[];
  value: T;
  onChange: (value: T) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset className="space-y-2" disabled={disabled}>
      <legend className="text-sm font-semibold text-slate-900">{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="flex items-start gap-2 text-sm">
          <input
            type="radio"
            name={name}
            value={option.value}
            className="mt-1"
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          <span>
            <span className="font-medium text-slate-900">{option.label}</span>
            <span className="block text-slate-600">{option.hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
