import { getTranslations } from "next-intl/server";
import { ADD_VISIT_PARAM } from "@/components/entry/add-visit-param";
import { PatientDetail } from "@/components/patient-detail/patient-detail";
import { getDb } from "@/db/client";
import { patientGroupsFor } from "@/lib/server/clinical/patient-groups";
import { assignableMembers } from "@/lib/server/clinical/query-queries";
import { currentStudyArea } from "@/lib/server/studies/study-area";
import { signingPermissionOf } from "@/lib/schemas/signatures";

/**
 * Patient detail (spec §2). The study comes from the shell; which buttons show comes from the
 * actor's study role, read here on the server (the API checks every call again, so a stale page
 * can only show a button whose call is refused).
 */
export default async function PatientDetailPage({
  params,
  searchParams,
}: {
  params: Promise<{ studyCode: string; id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { studyCode, id } = await params;
  const query = await searchParams;
  const { area } = await currentStudyArea(studyCode);
  // Without an open study the layout shows 'Study Not Found' or why the study cannot be opened.
  if (area?.kind !== "open") return null;
  const patientId = Number(id);
  if (!/^\d{1,10}$/.test(id) || patientId < 1 || patientId > 2_147_483_647)
    return (
      <h1 className="text-xl font-semibold">{(await getTranslations("patients.detail"))("notFound")}</h1>
    );
  // The area's access: read-only while the study is locked (decision 0034).
  const { study, access } = area;
  const db = await getDb();
  const canWrite = access.permissions.has("clinical.write");
  // The group's name on the page and the 'Move to group' choices (decision 0028).
  const groups = await patientGroupsFor(db, study.id, access.patientScope);
  const canOpenQueries = access.permissions.has("queries.open");
  return (
    <PatientDetail
      studyCode={study.code}
      studyName={study.name}
      config={study.config}
      patientId={patientId}
      canWrite={canWrite}
      canUnlock={canWrite && access.permissions.has("clinical.unlock")}
      canMoveGroup={access.permissions.has("clinical.reassign") && groups.choices.length > 0}
      groups={groups}
      openAddVisit={canWrite && query[ADD_VISIT_PARAM] === "1"}
      queryRights={{
        open: canOpenQueries,
        respond: access.permissions.has("queries.respond"),
      }}
      // Whom a new query may be assigned to: only for those who open queries (decision 0031).
      queryAssignees={canOpenQueries ? await assignableMembers(db, study.id) : undefined}
      canVerify={access.permissions.has("sdv.verify")}
      canSign={signingPermissionOf(access.permissions, study.config.signatures) !== null}
      canFreeze={access.permissions.has("clinical.freeze")}
    />
  );
}
