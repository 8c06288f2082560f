import clsx, { type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/**
 * Joins class names; when two utilities set the same property the later one wins (tailwind-merge),
 * so a caller's `className="px-2"` really replaces a primitive's `px-4`. Without it both end up in
 * the class list and the stylesheet's order, not the caller, decides.
 */
export const cn = (...values: ClassValue[]) => twMerge(clsx(values));
