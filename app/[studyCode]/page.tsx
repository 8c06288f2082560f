import { StudyDashboard } from "@/components/study-area/study-dashboard";
import { currentStudyArea } from "@/lib/server/studies/study-area";

export default async function StudyHomePage({ params }: { params: Promise<{ studyCode: string }> }) {
  const { area } = await currentStudyArea((await params).studyCode);
  // Without an open study the layout shows 'Study Not Found' or why the study cannot be opened.
  return area?.kind === "open" ? <StudyDashboard studyId={area.study.id} /> : null;
}
