// next-intl's types know our locales and the English catalogue's keys: an unknown key does not
// compile (docs/decisions/0021).
import type { Messages } from "./catalogue";
import type { Locale } from "./locales";

declare module "next-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: Messages;
  }
}
