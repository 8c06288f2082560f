import { NextIntlClientProvider } from "next-intl";
import { getLocale, getMessages, getTimeZone } from "next-intl/server";
import type { ReactNode } from "react";
import { pickNamespaces, type Messages, type Namespace } from "@/lib/i18n/catalogue";

/**
 * Gives the client components below it the active locale and the catalogue namespaces they use
 * (docs/decisions/0021). Only those namespaces travel to the browser: the sign-in page carries its
 * own few words, a signed-in area the whole catalogue of one language.
 */
export async function MessagesProvider({
  namespaces,
  children,
}: {
  namespaces: readonly Namespace[] | "all";
  children: ReactNode;
}) {
  const [locale, messages, timeZone] = await Promise.all([getLocale(), getMessages(), getTimeZone()]);
  const catalogue = messages as Messages;
  return (
    <NextIntlClientProvider
      locale={locale}
      timeZone={timeZone}
      messages={namespaces === "all" ? catalogue : pickNamespaces(catalogue, namespaces)}
    >
      {children}
    </NextIntlClientProvider>
  );
}
