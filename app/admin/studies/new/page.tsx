import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { StudyEditor } from "@/components/study-editor/study-editor";
import { Alert } from "@/components/ui/alert";
import { requirePageActor } from "@/lib/server/auth/page-session";
import { canCreateStudies } from "@/lib/server/studies/study-service";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("ui.pageTitle", { page: t("studies.new.pageTitle") }) };
}

export default async function NewStudyPage() {
  // The API refuses too; this only spares a user an editor they cannot save.
  const actor = await requirePageActor();
  if (!canCreateStudies(actor)) {
    const t = await getTranslations("studies.new");
    return <Alert>{t("onlyAdmins")}</Alert>;
  }
  return <StudyEditor />;
}
