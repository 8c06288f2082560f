import type { Metadata } from "next";
import { StudyEditor } from "@/components/study-editor/study-editor";
import { Alert } from "@/components/ui/alert";
import { requirePageActor } from "@/lib/server/auth/page-session";
import { canCreateStudies } from "@/lib/server/studies/study-service";

export const metadata: Metadata = { title: "Create New Study · Clinical Data Registry" };

export default async function NewStudyPage() {
  // The API refuses too; this only spares a user an editor they cannot save.
  const actor = await requirePageActor();
  if (!canCreateStudies(actor)) return <Alert>Only platform administrators can create studies.</Alert>;
  return <StudyEditor />;
}
