import { getLocale, getTranslations } from "next-intl/server";
import { LanguageSwitch } from "./language-switch";

/**
 * The language switch with its words and the page's language, placed by a server component where
 * no catalogue reaches the browser (the sign-in page).
 */
export async function LanguageSwitchHere() {
  const [t, locale] = await Promise.all([getTranslations("common.language"), getLocale()]);
  return (
    <LanguageSwitch
      signedIn={false}
      locale={locale}
      words={{ label: t("label"), failed: t("failed"), en: t("en"), it: t("it") }}
    />
  );
}
