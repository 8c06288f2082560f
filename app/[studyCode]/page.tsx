import { getLocale } from "next-intl/server";
import { ContentBlocks } from "@/components/contents/content-block-view";
import { StudyDashboard } from "@/components/study-area/study-dashboard";
import { getDb } from "@/db/client";
import { listContents } from "@/lib/server/contents/content-service";
import { currentStudyArea } from "@/lib/server/studies/study-area";
import { calculationSummaries } from "@/lib/study-editor/calculation-sentence";

export default async function StudyHomePage({ params }: { params: Promise<{ studyCode: string }> }) {
  const { actor, area } = await currentStudyArea((await params).studyCode);
  // Without an open study the layout shows 'Study Not Found' or why the study cannot be opened.
  if (area?.kind !== "open") return null;
  // Visible blocks only, rendered on the server: hidden ones reach editors in the content screens.
  const blocks = await listContents(await getDb(), actor, area.study.id, false);
  return (
    <StudyDashboard
      studyId={area.study.id}
      content={<ContentBlocks blocks={blocks} locale={await getLocale()} />}
      calculationText={calculationSummaries(area.study.config)}
    />
  );
}
