import type { ReactNode } from "react";
import { cn } from "./cn";

/** An error or notice box; errors are announced to screen readers. */
export function Alert({
  tone = "error",
  children,
  className,
}: {
  tone?: "error" | "info";
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={cn(
        "rounded-md border px-3 py-2 text-sm",
        tone === "error"
          ? "border-red-200 bg-red-50 text-red-800"
          : "border-blue-200 bg-blue-50 text-blue-800",
        className,
      )}
    >
      {children}
    </div>
  );
}
