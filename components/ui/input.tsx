import type { ComponentPropsWithRef } from "react";
import { cn } from "./cn";
import { CONTROL_CLASS } from "./control-class";

export function Input({ className, ...props }: ComponentPropsWithRef<"input">) {
  return <input className={cn(CONTROL_CLASS, className)} {...props} />;
}
