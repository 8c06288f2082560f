import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ApiTokensPage } from "@/components/account/api-tokens-page";
import { getDb } from "@/db/client";
import { requirePageActor } from "@/lib/server/auth/page-session";
import { studyAccess, tokenMayWrite } from "@/lib/server/auth/policy";
import { listMyStudies } from "@/lib/server/studies/my-studies";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("ui.pageTitle", { page: t("apiTokens.pageTitle") }) };
}

/**
 * The signed-in user's personal API tokens (docs/decisions/0036-personal-api-tokens.md), open to
 * every user like the rest of their account. The studies offered are those where they hold a role;
 * the API also takes any study a platform administrator can read.
 */
export default async function ApiTokensAccountPage() {
  const actor = await requirePageActor();
  const studies = (await listMyStudies(await getDb(), actor)).map((study) => ({
    id: study.id,
    name: study.name,
    canWrite: tokenMayWrite(studyAccess(actor, { role: study.role, medicalGroupId: null }, study.id)),
  }));
  return <ApiTokensPage studies={studies} />;
}
