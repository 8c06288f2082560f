import { PatientList } from "@/components/patients/patient-list";
import { getDb } from "@/db/client";
import { patientGroupsFor } from "@/lib/server/clinical/patient-groups";
import { currentStudyArea } from "@/lib/server/studies/study-area";

export default async function StudyPatientsPage({ params }: { params: Promise<{ studyCode: string }> }) {
  const { area } = await currentStudyArea((await params).studyCode);
  // Without an open study the layout shows 'Study Not Found' or why the study cannot be opened.
  if (area?.kind !== "open") return null;
  const { study, access } = area;
  // The groups a new patient may join and the reader's own (decision 0028); the API checks again.
  const groups = await patientGroupsFor(await getDb(), study.id, access.patientScope);
  return (
    <PatientList
      studyId={study.id}
      studyCode={study.code}
      config={{
        data_fields: study.config.data_fields,
        categories: study.config.categories,
        visit_types: study.config.visit_types,
      }}
      // The server's own answer (it enforces it again on every write); only decides the button.
      canWrite={access.permissions.has("clinical.write")}
      groups={groups}
    />
  );
}
