import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { MyStudiesList } from "@/components/my-studies/my-studies-list";
import { getDb } from "@/db/client";
import { requirePageActor } from "@/lib/server/auth/page-session";
import { isPlatformAdmin } from "@/lib/server/auth/policy";
import { listMyStudies } from "@/lib/server/studies/my-studies";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("ui.pageTitle", { page: t("myStudies.title") }) };
}

/** Where a user with study roles only lands (docs/decisions/0029). */
export default async function MyStudiesPage() {
  const actor = await requirePageActor();
  const studies = await listMyStudies(await getDb(), actor);
  return <MyStudiesList studies={studies} isAdmin={isPlatformAdmin(actor)} />;
}
