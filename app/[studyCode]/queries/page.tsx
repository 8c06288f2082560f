import { getTranslations } from "next-intl/server";
import { QueriesPage } from "@/components/queries-list/queries-page";
import { getDb } from "@/db/client";
import { fieldsForEntity } from "@/lib/forms";
import { QUERY_STATUSES, type QueryStatus } from "@/lib/schemas/query-states";
import { queryAssigneeNames } from "@/lib/server/clinical/query-queries";
import { patientGroupsFor } from "@/lib/server/clinical/patient-groups";
import { currentStudyArea } from "@/lib/server/studies/study-area";

/** The columns of a patient and of a visit a query may name besides the study's fields (decision 0030). */
const RECORD_COLUMNS = {
  patient: ["code", "birth_date", "sex", "height_cm", "weight_kg", "naive_systemic", "naive_biologic"],
  visit: ["visit_date", "visit_type", "visit_number"],
} as const;
type RecordColumn = (typeof RECORD_COLUMNS)[keyof typeof RECORD_COLUMNS][number];

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
  const columns = [...RECORD_COLUMNS.patient, ...RECORD_COLUMNS.visit]
    .filter((name) => !fields.some((field) => field.name === name))
    .map((name) => ({ name, label: tColumns(name as RecordColumn) }));
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
