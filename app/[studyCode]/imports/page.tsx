import { forbidden, notFound } from "next/navigation";
import { ImportPage } from "@/components/study-import/import-page";
import { orderedVisitTypes } from "@/lib/forms";
import { currentStudyArea } from "@/lib/server/studies/study-area";
import { studyPageAccess } from "@/lib/server/users/page-access";

/**
 * The study's Imports screen (docs/decisions/0037-bulk-import.md), for those who hold
 * clinical.import. The role's own access decides, not the area's: while the study is locked the
 * area's access is read-only (decision 0034), and an importer is then told the study is locked
 * rather than refused. Anyone else is refused like the API would (403, audited).
 */
export default async function StudyImportsPage({ params }: { params: Promise<{ studyCode: string }> }) {
  const { actor, area } = await currentStudyArea((await params).studyCode);
  // Without an open study the layout shows 'Study Not Found' or why the study cannot be opened.
  if (area?.kind !== "open") return null;
  const { study } = area;
  const access = await studyPageAccess(actor, study.id, "clinical.import", `/${study.code}/imports`);
  if (access.kind === "not_found") notFound();
  if (access.kind === "forbidden") forbidden();
  return (
    <ImportPage
      studyId={study.id}
      studyName={study.name}
      // The study's words are already in the reader's language (currentStudyArea, decision 0022).
      visitTypes={orderedVisitTypes(study.config.visit_types).map(({ code, label }) => ({ code, label }))}
      locked={access.locked}
    />
  );
}
