import type { Metadata } from "next";
import { eq } from "drizzle-orm";
import { getTranslations } from "next-intl/server";
import { TwoFactorEnrolment } from "@/components/account/two-factor-enrolment";
import { getDb } from "@/db/client";
import { users } from "@/db/schema";
import { DEFAULT_AFTER_LOGIN } from "@/lib/routes";
import { requirePageActor } from "@/lib/server/auth/page-session";
import { hasSecondFactor } from "@/lib/server/auth/second-factor";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("ui.pageTitle", { page: t("twoFactor.pageTitle") }) };
}

/** The signed-in user's second factor (decision 0033); the only page open while one is required. */
export default async function TwoFactorPage() {
  const actor = await requirePageActor();
  const [user] = await (
    await getDb()
  )
    .select({ totpSecret: users.totpSecret, totpEnabledAt: users.totpEnabledAt })
    .from(users)
    .where(eq(users.id, actor.userId));
  return (
    <TwoFactorEnrolment
      enabled={user ? hasSecondFactor(user) : false}
      required={actor.mustEnrolSecondFactor}
      returnUrl={DEFAULT_AFTER_LOGIN}
    />
  );
}
