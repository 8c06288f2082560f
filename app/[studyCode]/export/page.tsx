import { ExportPage } from "@/components/study-export/export-page";
import { currentStudyArea } from "@/lib/server/studies/study-area";

export default async function StudyExportPage({ params }: { params: Promise<{ studyCode: string }> }) {
  const { area } = await currentStudyArea((await params).studyCode);
  // Without an open study the layout shows 'Study Not Found' or why the study cannot be opened.
  if (area?.kind !== "open") return null;
  const { study } = area;
  return (
    <ExportPage
      studyId={study.id}
      studyName={study.name}
      visitTypes={study.config.visit_types
        .toSorted((a, b) => a.order - b.order)
        .map((type) => ({ code: type.code, label: type.label }))}
    />
  );
}
