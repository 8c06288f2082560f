import { SdvPage } from "@/components/sdv/sdv-page";
import { getDb } from "@/db/client";
import { patientGroupsFor } from "@/lib/server/clinical/patient-groups";
import { currentStudyArea } from "@/lib/server/studies/study-area";

/** The SDV page (docs/decisions/0031): the list is read through GET /api/sdv, in the reader's scope. */
export default async function StudySdvPage({ params }: { params: Promise<{ studyCode: string }> }) {
  const { area } = await currentStudyArea((await params).studyCode);
  // Without an open study the layout shows 'Study Not Found' or why the study cannot be opened.
  if (area?.kind !== "open") return null;
  const { study, access } = area;
  // The groups the patient screens offer (decision 0028), for the filter and the rows' names.
  const groups = await patientGroupsFor(await getDb(), study.id, access.patientScope);
  return (
    <SdvPage
      studyId={study.id}
      studyCode={study.code}
      requirement={study.config.sdv_requirement ?? "none"}
      // The study's words are already in the reader's language (currentStudyArea, decision 0022).
      labels={{
        visitTypes: study.config.visit_types
          .toSorted((a, b) => a.order - b.order)
          .map((type) => ({ code: type.code, label: type.label })),
      }}
      groups={groups.choices}
      // A sub-investigator's list holds their own group only: a choice of groups would be empty.
      filterGroups={groups.scope !== "group"}
      canVerify={access.permissions.has("sdv.verify")}
    />
  );
}
