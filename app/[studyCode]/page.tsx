import { ContentBlocks } from "@/components/contents/content-block-view";
import { StudyDashboard } from "@/components/study-area/study-dashboard";
import { OverdueVisits } from "@/components/schedule/overdue-visits";
import { getDb } from "@/db/client";
import { listContents } from "@/lib/server/contents/content-service";
import { requestLocale } from "@/lib/server/i18n/request-locale";
import { currentStudyArea } from "@/lib/server/studies/study-area";
import { calculationSummaries } from "@/lib/study-editor/calculation-sentence";

export default async function StudyHomePage({ params }: { params: Promise<{ studyCode: string }> }) {
  const { actor, area } = await currentStudyArea((await params).studyCode);
  // Without an open study the layout shows 'Study Not Found' or why the study cannot be opened.
  if (area?.kind !== "open") return null;
  // Visible blocks only, rendered on the server: hidden ones reach editors in the content screens.
  // Those for the reader's language and everyone's, else the other language's (decision 0022).
  const locale = await requestLocale();
  const blocks = await listContents(await getDb(), actor, area.study.id, false, locale);
  return (
    <StudyDashboard
      studyId={area.study.id}
      studyCode={area.study.code}
      content={<ContentBlocks blocks={blocks} locale={locale} />}
      calculationText={calculationSummaries(area.study.config)}
      overdue={
        <OverdueVisits
          studyId={area.study.id}
          studyCode={area.study.code}
          visitTypes={area.study.config.visit_types}
        />
      }
    />
  );
}
