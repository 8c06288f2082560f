import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { StudyList } from "@/components/studies/study-list";
import { requirePageActor } from "@/lib/server/auth/page-session";
import { canSeeAdminArea } from "@/lib/server/auth/policy";
import { configurableStudyIds } from "@/lib/server/users/page-access";
import { canCreateStudies } from "@/lib/server/studies/study-service";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("ui.pageTitle", { page: t("studies.title") }) };
}

export default async function StudiesPage({ searchParams }: { searchParams: Promise<{ created?: string }> }) {
  const actor = await requirePageActor();
  // `?created=<id>` comes from the editor after a create; anything that is not an id is ignored.
  const created = Number((await searchParams).created);
  return (
    <StudyList
      canCreate={canCreateStudies(actor)}
      showAdminLinks={canSeeAdminArea(actor)}
      configurableIds={await configurableStudyIds(actor)}
      createdId={Number.isSafeInteger(created) && created > 0 ? created : undefined}
    />
  );
}
