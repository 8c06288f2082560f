"use client";

import { useTranslations } from "next-intl";
import Link from "next/link";
import { useCallback, useMemo, useState } from "react";
import { PatientQueriesProvider, type QueryAssignee } from "@/components/data-queries/query-context";
import { RecordReview } from "@/components/data-review/record-review";
import { PatientReviewProvider } from "@/components/data-review/review-context";
import type { ReviewStep } from "@/lib/client/data-review";
import type { QueryResponse } from "@/lib/schemas/queries";
import { useWords } from "@/components/i18n/use-words";
import { Button } from "@/components/ui/button";
import { AddVisitDialog } from "@/components/visits/add-visit-dialog";
import { EditVisitDialog } from "@/components/visits/edit-visit-dialog";
import { useStudyMissingCodes } from "@/components/forms/missing-code-control";
import { VisitHistory } from "@/components/visits/visit-history";
import { VisitVersionDialog } from "@/components/visits/visit-version-dialog";
import { ApiClientError } from "@/lib/client/api-fetch";
import { usePatient } from "@/lib/client/patient-detail";
import { useLockVisit, usePatientVisits, useUnlockVisit } from "@/lib/client/visits";
import type { PatientGroups } from "@/lib/schemas/patients";
import type { StudyConfig } from "@/lib/schemas/study-config";
import type { VisitResponse } from "@/lib/schemas/visits";
import { PatientSchedule } from "@/components/schedule/patient-schedule";
import { PatientSignatures } from "@/components/signatures/patient-signatures";
import { PatientFreezeControls } from "./freeze-controls";
import { PatientAuditTrail } from "./audit-trail";
import { CasebookLink } from "./casebook-link";
import { EditPatientDialog } from "./edit-patient-dialog";
import { MoveGroupDialog } from "./move-group-dialog";
import { PatientFields } from "./patient-fields";
import { errorText } from "./format";
import { PatientInfo } from "./patient-info";
import { ReasonDialog } from "./reason-dialog";
import { useDropAddVisitParam } from "@/components/entry/use-drop-add-visit-param";
import { TrendChart } from "./trend-chart";

export type PatientDetailProps = {
  studyCode: string;
  studyName: string;
  config: StudyConfig;
  patientId: number;
  /** From the actor's study role, read by the server; the API checks every call again. */
  canWrite: boolean;
  canUnlock: boolean;
  /** A principal investigator or an administrator, in a study with groups (docs/decisions/0028). */
  canMoveGroup?: boolean;
  groups?: PatientGroups;
  /** Open the add-visit dialog at once (after 'Save and add baseline visit', decision 0027). */
  openAddVisit?: boolean;
  /** Data queries (decision 0030): the reviewer opens, closes, reopens; the site answers. */
  queryRights?: { open: boolean; respond: boolean };
  /** The study team's active members a reviewer may assign a new query to (decision 0031). */
  queryAssignees?: readonly QueryAssignee[];
  /** Source data verification is the monitor's (sdv.verify, decision 0031). */
  canVerify?: boolean;
  /** The actor's role signs in this study (decision 0032). */
  canSign?: boolean;
  /** clinical.freeze: Freeze / Unlock patient (decision 0034). */
  canFreeze?: boolean;
};

const NO_QUERY_RIGHTS = { open: false, respond: false };

const CARD = "rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6";

export function PatientDetail({
  studyCode,
  studyName,
  config,
  patientId,
  canWrite: mayWrite,
  canUnlock: mayUnlock,
  canMoveGroup: mayMoveGroup = false,
  groups,
  openAddVisit = false,
  queryRights = NO_QUERY_RIGHTS,
  queryAssignees,
  canVerify: mayVerify = false,
  canSign = false,
  canFreeze = false,
}: PatientDetailProps) {
  const t = useTranslations("patients.detail");
  const tPage = useTranslations("patientPage");
  const words = useWords();
  const patient = usePatient(patientId);
  // A frozen patient is read-only (decision 0034): every write control goes; queries stay.
  const frozen = patient.data?.locked_at != null;
  const canWrite = mayWrite && !frozen;
  const canUnlock = mayUnlock && !frozen;
  const canMoveGroup = mayMoveGroup && !frozen;
  const canVerify = mayVerify && !frozen;
  const missingCodes = useStudyMissingCodes(config);
  const visits = usePatientVisits(patientId);
  const lock = useLockVisit(patientId);
  const unlock = useUnlockVisit(patientId);
  const [message, setMessage] = useState<{ text: string; error?: boolean } | null>(null);
  const [adding, setAdding] = useState(openAddVisit);
  useDropAddVisitParam(openAddVisit);
  const [editingPatient, setEditingPatient] = useState(false);
  const [moving, setMoving] = useState(false);
  const [editing, setEditing] = useState<VisitResponse | null>(null);
  const [unlocking, setUnlocking] = useState<VisitResponse | null>(null);
  const [viewing, setViewing] = useState<VisitResponse | null>(null);
  const [unlockError, setUnlockError] = useState<unknown>(null);
  // The query a correction answers: sent as query_id with the edit (decision 0030).
  const [correcting, setCorrecting] = useState<number | null>(null);
  const correct = useCallback(
    (query: QueryResponse) => {
      setCorrecting(query.id);
      if (query.entity_type === "patient") {
        setEditingPatient(true);
        return;
      }
      const visit = visits.data?.find((v) => v.id === query.visit_id);
      if (visit) {
        setViewing(null);
        setEditing(visit);
      }
    },
    [visits.data],
  );
  const rights = useMemo(() => ({ ...queryRights, correct: canWrite }), [queryRights, canWrite]);
  const reviewRights = useMemo(() => ({ verify: canVerify, complete: canWrite }), [canVerify, canWrite]);
  const tReview = useTranslations("dataReview");
  const reviewDone = useCallback(
    (step: ReviewStep, error: unknown) =>
      setMessage(
        error
          ? { text: tReview("failed", { detail: words(errorText(error)) }), error: true }
          : { text: tReview(`done.${step.kind}`) },
      ),
    [tReview, words],
  );

  const crumbs = (
    <nav aria-label={t("breadcrumb")} className="text-sm text-slate-600">
      <ol className="flex flex-wrap items-center gap-1">
        <li>
          <Link href={`/${studyCode}`} className="underline-offset-2 hover:underline">
            {studyName}
          </Link>
        </li>
        <li aria-hidden="true">›</li>
        <li>
          <Link href={`/${studyCode}/patients`} className="underline-offset-2 hover:underline">
            {t("patients")}
          </Link>
        </li>
        <li aria-hidden="true">›</li>
        <li aria-current="page" className="font-medium text-slate-900">
          {patient.data?.code ?? "…"}
        </li>
      </ol>
    </nav>
  );

  if (patient.isPending) return <p className="text-sm text-slate-500">{t("loading")}</p>;
  if (patient.isError) {
    const missing = patient.error instanceof ApiClientError && patient.error.status === 404;
    return (
      <div className="space-y-4">
        <div className={CARD}>
          <h1 className="text-xl font-semibold">{missing ? t("notFound") : t("loadError")}</h1>
          {!missing && <p className="mt-2 text-sm text-red-700">{words(errorText(patient.error))}</p>}
          <Link href={`/${studyCode}/patients`} className="mt-3 inline-block text-sm underline">
            {t("back")}
          </Link>
        </div>
      </div>
    );
  }

  const say = (text: string, error = false) => setMessage({ text, error });
  const visitList = visits.data ?? [];

  async function lockVisit(visit: VisitResponse) {
    try {
      await lock.mutateAsync(visit.id);
      say(t("visitLocked", { n: visit.visit_number }));
    } catch (error) {
      say(t("lockError", { detail: words(errorText(error)) }), true);
    }
  }

  async function unlockVisit(reason: string) {
    if (!unlocking) return;
    setUnlockError(null);
    try {
      await unlock.mutateAsync({ id: unlocking.id, reason });
      say(t("visitUnlocked", { n: unlocking.visit_number }));
      setUnlocking(null);
    } catch (error) {
      setUnlockError(error);
    }
  }

  return (
    <PatientQueriesProvider
      studyId={patient.data.study_id}
      patientId={patientId}
      rights={rights}
      assignees={queryAssignees}
      correct={correct}
    >
      <PatientReviewProvider patientId={patientId} rights={reviewRights} config={config} onDone={reviewDone}>
        <div className="space-y-6">
          {crumbs}
          <PatientFreezeControls patient={patient.data} canFreeze={canFreeze} />
          <p
            role="status"
            aria-live="polite"
            className={
              message
                ? message.error
                  ? "rounded-md bg-red-50 px-3 py-2 text-sm text-red-800"
                  : "rounded-md bg-green-50 px-3 py-2 text-sm text-green-800"
                : "sr-only"
            }
          >
            {message?.text ?? ""}
          </p>

          <section className={CARD} aria-labelledby="patient-info-heading">
            <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
              <h1 id="patient-info-heading" className="text-xl font-semibold">
                {t("info")}
              </h1>
              <div className="flex flex-wrap gap-2">
                <CasebookLink patientId={patientId} />
                {canMoveGroup && (
                  <Button variant="secondary" onClick={() => setMoving(true)}>
                    {tPage("group.move")}
                  </Button>
                )}
                {canWrite && (
                  <Button variant="secondary" onClick={() => setEditingPatient(true)}>
                    {t("edit")}
                  </Button>
                )}
              </div>
            </div>
            <RecordReview
              entity="patient"
              record={{ ...patient.data, values: patient.data.custom_fields }}
              className="mb-4"
            />
            <PatientInfo
              patient={patient.data}
              missingCodes={missingCodes}
              group={
                groups && groups.choices.length > 0
                  ? (groups.choices.find((g) => g.id === patient.data.medical_group_id)?.name ?? null)
                  : undefined
              }
            />
          </section>

          <section className={CARD} aria-labelledby="patient-fields-heading">
            <h2 id="patient-fields-heading" className="mb-4 text-lg font-semibold">
              {tPage("fields.heading")}
            </h2>
            <PatientFields patient={patient.data} config={config} missingCodes={missingCodes} />
          </section>

          <section className={CARD} aria-labelledby="visit-history-heading">
            <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
              <h2 id="visit-history-heading" className="text-lg font-semibold">
                {t("visitHistory")}
              </h2>
              {canWrite && (
                <Button onClick={() => setAdding(true)} disabled={!visits.isSuccess}>
                  {t("addVisit")}
                </Button>
              )}
            </div>
            {visits.isPending ? (
              <p className="text-sm text-slate-500">{t("loadingVisits")}</p>
            ) : visits.isError ? (
              <p role="alert" className="text-sm text-red-700">
                {t("visitsError", { detail: words(errorText(visits.error)) })}
              </p>
            ) : (
              <VisitHistory
                visits={visitList}
                visitTypes={config.visit_types}
                missingCodes={missingCodes}
                actions={{
                  canWrite,
                  canUnlock,
                  busy: lock.isPending || unlock.isPending,
                  onEdit: setEditing,
                  onView: setViewing,
                  onLock: lockVisit,
                  onUnlock: (visit) => {
                    setUnlockError(null);
                    setUnlocking(visit);
                  },
                }}
              />
            )}
          </section>

          {visitList.length > 0 && (
            <section className={CARD} aria-labelledby="trend-heading">
              <h2 id="trend-heading" className="mb-2 text-lg font-semibold">
                {t("trend")}
              </h2>
              <TrendChart visits={visitList} />
            </section>
          )}

          <PatientSchedule patientId={patientId} visitTypes={config.visit_types} className={CARD} />

          <PatientSignatures
            patientId={patientId}
            visits={visitList}
            visitTypeLabel={(code) => words(config.visit_types.find((v) => v.code === code)?.label ?? code)}
            fieldLabel={(name) => words(config.data_fields.find((f) => f.name === name)?.label ?? name)}
            canSign={canSign}
            className={CARD}
            onSigned={(text) => say(text)}
          />

          <PatientAuditTrail patientId={patientId} />

          <AddVisitDialog
            open={adding && visits.isSuccess}
            onClose={() => setAdding(false)}
            patientId={patientId}
            config={config}
            visits={visitList}
            birthDate={patient.data.birth_date}
            onCreated={(text) => say(text)}
          />
          {viewing && (
            <VisitVersionDialog
              // The list's copy once refetched: a review step in the dialog shows at once.
              visit={visitList.find((v) => v.id === viewing.id) ?? viewing}
              studyId={patient.data.study_id}
              currentConfig={config}
              onClose={() => setViewing(null)}
            />
          )}
          <EditVisitDialog
            visit={editing}
            config={config}
            visits={visitList}
            queryId={correcting}
            onClose={() => {
              setEditing(null);
              setCorrecting(null);
            }}
            onSaved={(text) => say(text)}
            onReload={() => void visits.refetch()}
            birthDate={patient.data.birth_date}
          />
          {moving && groups && (
            <MoveGroupDialog
              patient={patient.data}
              groups={groups.choices}
              onClose={() => setMoving(false)}
              onMoved={(text) => say(text)}
            />
          )}
          <EditPatientDialog
            open={editingPatient}
            patient={patient.data}
            config={config}
            queryId={correcting}
            onClose={() => {
              setEditingPatient(false);
              setCorrecting(null);
            }}
            onSaved={(text) => say(text)}
            onReload={() => void patient.refetch()}
          />
          <ReasonDialog
            open={unlocking !== null}
            title={unlocking ? t("unlockVisit", { n: unlocking.visit_number }) : t("unlockVisitNone")}
            confirmLabel={t("unlock")}
            pending={unlock.isPending}
            error={unlockError}
            onConfirm={(reason) => void unlockVisit(reason)}
            onClose={() => setUnlocking(null)}
          />
        </div>
      </PatientReviewProvider>
    </PatientQueriesProvider>
  );
}
