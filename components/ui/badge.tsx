import type { ReactNode } from "react";
import { cn } from "./cn";

export function Badge({
  tone = "neutral",
  children,
}: {
  tone?: "neutral" | "success" | "muted" | "warning";
  children: ReactNode;
}) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium",
        tone === "success" && "bg-green-100 text-green-800",
        tone === "muted" && "bg-slate-200 text-slate-700",
        tone === "neutral" && "bg-blue-100 text-blue-800",
        tone === "warning" && "bg-amber-100 text-amber-900",
      )}
    >
      {children}
    </span>
  );
}
