"use client";

import { useLocale, useTranslations } from "next-intl";
import { LanguageSwitch } from "./language-switch";

/** The header's language switch in the signed-in areas, whose layouts provide the catalogue. */
export function SignedInLanguageSwitch() {
  const t = useTranslations("common.language");
  return (
    <LanguageSwitch
      signedIn
      locale={useLocale()}
      words={{ label: t("label"), failed: t("failed"), en: t("en"), it: t("it") }}
    />
  );
}
