"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import type { StudyConfigDocument } from "@/lib/schemas/study-config";
import { STUDY_ROLE_VALUES } from "@/lib/schemas/users";

type StudyRole = (typeof STUDY_ROLE_VALUES)[number];

type Props = {
  /** The document's `two_factor_roles`; undefined = no role must (decision 0033). */
  roles: StudyConfigDocument["two_factor_roles"];
  onChange: (next: StudyRole[] | undefined) => void;
};

/**
 * The study roles whose members must sign in with a second factor (docs/decisions/0033). The list
 * is written in the roles' own order; with none checked the key leaves the document, so a study
 * that never set it keeps its document byte for byte.
 */
export function TwoFactorRolesEditor({ roles, onChange }: Props) {
  const t = useTranslations("editorSettings.twoFactor");
  const tr = useTranslations("team.roles");
  const id = useId();
  const chosen = new Set<StudyRole>(roles ?? []);
  const toggle = (role: StudyRole, on: boolean) => {
    if (on) chosen.add(role);
    else chosen.delete(role);
    const next = STUDY_ROLE_VALUES.filter((value) => chosen.has(value));
    onChange(next.length === 0 ? undefined : next);
  };
  return (
    <section aria-labelledby={`${id}-title`} className="mt-6 rounded-lg border border-slate-200 bg-white p-4">
      <h3 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        {t("title")}
      </h3>
      <fieldset className="mt-3 min-w-0" aria-describedby={`${id}-hint`}>
        <legend className="text-sm font-medium text-slate-700">{t("legend")}</legend>
        <p id={`${id}-hint`} className="mt-0.5 text-xs text-slate-500">
          {t("hint")}
        </p>
        <ul className="mt-2 grid gap-2 sm:grid-cols-2">
          {STUDY_ROLE_VALUES.map((role) => (
            <li key={role}>
              <label className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  className="mt-0.5"
                  checked={chosen.has(role)}
                  onChange={(event) => toggle(role, event.target.checked)}
                />
                <span className="min-w-0">{tr(role)}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    </section>
  );
}
