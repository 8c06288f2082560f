import type { ComponentPropsWithRef } from "react";
import { cn } from "./cn";

type Variant = "primary" | "secondary" | "ghost" | "danger" | "destructive";

// Hover colours apply only to enabled buttons, so a disabled one never lights up under the pointer.
const VARIANTS: Record<Variant, string> = {
  primary: "bg-brand-600 text-white enabled:hover:bg-brand-700",
  secondary: "border border-slate-300 bg-white text-slate-800 enabled:hover:bg-slate-100",
  ghost: "text-slate-700 enabled:hover:bg-slate-100",
  danger: "bg-red-600 text-white enabled:hover:bg-red-700",
  // Every delete, remove and deactivate action, in lists, cards and dialogs alike: one look that
  // reads as destructive without outweighing the screen's primary action. Size classes may vary
  // with the row it sits in; its colours never do.
  destructive:
    "border border-red-300 bg-white text-red-700 enabled:hover:border-red-400 enabled:hover:bg-red-50",
};

/**
 * Disabled buttons are greyed out whatever their variant (muted text, grey fill, not-allowed
 * cursor), so the first ↑ and last ↓ of a list read as unavailable.
 */
export const DISABLED_BUTTON_CLASS =
  "disabled:cursor-not-allowed disabled:border-slate-200 disabled:bg-slate-100 disabled:text-slate-400 disabled:shadow-none";

export function Button({
  variant = "primary",
  className,
  type = "button",
  ...props
}: ComponentPropsWithRef<"button"> & { variant?: Variant }) {
  return (
    <button
      type={type}
      className={cn(
        "inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium transition-colors",
        DISABLED_BUTTON_CLASS,
        VARIANTS[variant],
        className,
      )}
      {...props}
    />
  );
}
