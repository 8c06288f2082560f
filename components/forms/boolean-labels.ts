import { useTranslations } from "next-intl";

/**
 * Booleans read SI/NO in the patient form and Yes/No in the visit form (spec §9). The style names
 * the catalogue's words (`forms.booleans`): Sì/No in Italian, Yes/No in English (docs/decisions/0021).
 */
export type BooleanLabels = "siNo" | "yesNo";
export const SI_NO: BooleanLabels = "siNo";
export const YES_NO: BooleanLabels = "yesNo";

/** The words of a style, in the reader's language. */
export function useBooleanWords(style: BooleanLabels): { yes: string; no: string } {
  const t = useTranslations("forms.booleans");
  return { yes: t(`${style}.yes`), no: t(`${style}.no`) };
}
