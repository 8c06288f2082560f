import { getTranslations } from "next-intl/server";
import { QueriesPage } from "@/components/queries-list/queries-page";
import { getDb } from "@/db/client";
import { fieldsForEntity } from "@/lib/forms";
import { QUERY_RECORD_COLUMNS, QUERY_STATUSES, type QueryStatus } from "@/lib/schemas/query-states";
import { queryAssigneeNames } from "@/lib/server/clinical/query-queries";
import { patientGroupsFor } from "@/lib/server/clinical/patient-groups";
import { currentStudyArea } from "@/lib/server/studies/study-area";

export default async function StudyQueriesPage({
  params,
  searchParams,
}: {
  params: Promise<{ studyCode: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { area } = await currentStudyArea((await params).studyCode);
  // Without an open study the layout shows 'Study Not Found' or why the study cannot be opened.
  if (area?.kind !== "open") return null;
  const { study, access } = area;
  // The record's own columns in the reader's words (the study's fields have their own labels).
  const tColumns = await getTranslations("queriesPage.recordColumns");
  const db = await getDb();
  // The groups the patient screens offer (decision 0028): no call to the team API, which needs
  // team.manage. The list itself is scoped by the API, whatever group is asked for.
  const groups = await patientGroupsFor(db, study.id, access.patientScope);
  const status = (await searchParams).status;
  const initialStatus = QUERY_STATUSES.find((s): s is QueryStatus => s === status);
  // The study's words are already in the reader's language (currentStudyArea, decision 0022).
  const fields = [
    ...fieldsForEntity(study.config.data_fields, "patient"),
    ...fieldsForEntity(study.config.data_fields, "visit"),
  ].map((field) => ({ name: field.name, label: field.label }));
  const columns = [...QUERY_RECORD_COLUMNS.patient, ...QUERY_RECORD_COLUMNS.visit]
    .filter((name) => !fields.some((field) => field.name === name))
    .map((name) => ({ name, label: tColumns(name) }));
  return (
    <QueriesPage
      studyId={study.id}
      studyCode={study.code}
      labels={{
        visitTypes: study.config.visit_types
          .toSorted((a, b) => a.order - b.order)
          .map((type) => ({ code: type.code, label: type.label })),
        fields: [...fields, ...columns],
        assignees: await queryAssigneeNames(db, study.id),
      }}
      // A sub-investigator's list holds their own group only: a choice of groups would be empty.
      groups={groups.scope === "group" ? [] : groups.choices}
      initial={initialStatus ? { status: initialStatus } : undefined}
    />
  );
}
