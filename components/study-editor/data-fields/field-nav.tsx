"use client";

import { useTranslations } from "next-intl";
import { memo } from "react";
import { cn } from "@/components/ui/cn";

export type NavGroup = {
  key: string;
  label: string;
  items: { uid: string; label: string; hasError: boolean }[];
};

/**
 * The side navigation: the entity's fields grouped by category, each by its full label. Choosing
 * one scrolls to its card, which is highlighted for 2 seconds.
 */
export const FieldNav = memo(function FieldNav({
  groups,
  onNavigate,
}: {
  groups: NavGroup[];
  onNavigate: (uid: string) => void;
}) {
  const t = useTranslations("editorFields");
  if (groups.length === 0) return null;
  return (
    <nav
      aria-label={t("nav")}
      className="max-h-56 w-full shrink-0 overflow-y-auto rounded-md border border-slate-200 bg-white p-2 lg:sticky lg:top-4 lg:max-h-[70vh] lg:w-52"
    >
      {groups.map((group) => (
        <div key={group.key || "__none"} className="mb-2 last:mb-0">
          <h3 className="px-2 text-xs font-semibold uppercase tracking-wide text-slate-500">
            {group.label} ({group.items.length})
          </h3>
          <ul>
            {group.items.map((item) => (
              <li key={item.uid}>
                {/* The whole label wraps (a long word breaks where it must) instead of being cut
                    with an ellipsis: fields of one study often differ only in their last words. */}
                <button
                  type="button"
                  title={item.label}
                  className={cn(
                    "w-full rounded px-2 py-1 text-left text-sm break-words hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600/40",
                    item.hasError ? "text-red-700" : "text-slate-700",
                  )}
                  onClick={() => onNavigate(item.uid)}
                >
                  {item.label}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
});
