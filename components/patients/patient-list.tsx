"use client";

import { useTranslations } from "next-intl";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useId, useState } from "react";
import { useFormat } from "@/components/i18n/use-format";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { CONTROL_CLASS } from "@/components/ui/control-class";
import { FormStatusBadge } from "@/components/data-review/form-status-badge";
import { FORM_STATUSES, type FormStatus } from "@/lib/schemas/data-review";
import { useWords } from "@/components/i18n/use-words";
import { PATIENT_PAGE_SIZE, usePatients } from "@/lib/client/patients";
import type { PatientGroups } from "@/lib/schemas/patients";
import type { StudyConfig } from "@/lib/schemas/study-config";
import { ADD_VISIT_PARAM } from "@/components/entry/add-visit-param";
import { AddPatientDialog } from "./add-patient-dialog";
import { NextVisitCell, NextVisitSortHeader } from "@/components/schedule/next-visit-cell";

export type PatientListProps = {
  studyId: number;
  studyCode: string;
  config: Pick<StudyConfig, "data_fields" | "categories"> & Partial<Pick<StudyConfig, "visit_types">>;
  /** Whether the server lets this user record clinical data in the study (clinical.write). */
  canWrite: boolean;
  /** The study's medical groups and the reader's own (docs/decisions/0028). */
  groups?: PatientGroups;
};

const SEARCH_DELAY_MS = 300;

/**
 * The study's patients (spec §2 Patients list): 20 a page from the server, search by code prefix,
 * a View link per patient, and '+ Add Patient' for users who may record clinical data.
 */
export function PatientList({ studyId, studyCode, config, canWrite, groups }: PatientListProps) {
  const searchId = useId();
  const t = useTranslations("patients.list");
  const tScope = useTranslations("patientPage.list");
  const words = useWords();
  const [page, setPage] = useState(1);
  const [searchText, setSearchText] = useState("");
  const [search, setSearch] = useState("");
  const [adding, setAdding] = useState(false);
  // The keyset position of each page reached with Next (see usePatients); forgotten when the set
  // of rows changes (a new search, a new patient), so a page is never read from a stale position.
  const [cursors, setCursors] = useState<Record<number, string>>({});
  const [sort, setSort] = useState<"code" | "next_visit_due">("code");
  const [formStatus, setFormStatus] = useState<FormStatus | "">("");
  const patients = usePatients(studyId, {
    page,
    search,
    cursor: cursors[page],
    sort,
    formStatus: formStatus || undefined,
  });
  const tStatus = useTranslations("formStatus");
  const statusId = useId();
  const ts = useTranslations("schedule.list");
  // The visit schedule's column, for a study whose visit types have a schedule (decision 0025).
  const visitTypes = config.visit_types ?? [];
  const scheduled = visitTypes.some((vt) => vt.day_offset !== undefined);
  const fmt = useFormat();
  const router = useRouter();

  // Ask the server once typing pauses, not at every keystroke.
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(searchText.trim());
      setCursors({});
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  const data = patients.data;
  const from = data && data.total > 0 ? (page - 1) * PATIENT_PAGE_SIZE + 1 : 0;
  const to = data ? (page - 1) * PATIENT_PAGE_SIZE + data.items.length : 0;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-[var(--study-primary)] [font-family:var(--study-heading-font-family)]">
          {t("title")}
        </h1>
        {canWrite && <Button onClick={() => setAdding(true)}>{t("add")}</Button>}
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-full max-w-sm">
          <label htmlFor={searchId} className="mb-1 block text-sm font-medium text-slate-700">
            {t("search")}
          </label>
          <Input
            id={searchId}
            type="search"
            value={searchText}
            autoComplete="off"
            onChange={(e) => {
              setSearchText(e.target.value);
              setPage(1);
            }}
          />
        </div>
        {/* The patient record's form status (decision 0031). */}
        <div>
          <label htmlFor={statusId} className="mb-1 block text-sm font-medium text-slate-700">
            {t("formStatus")}
          </label>
          <select
            className={CONTROL_CLASS}
            id={statusId}
            value={formStatus}
            onChange={(e) => {
              setFormStatus(e.target.value as FormStatus | "");
              setCursors({});
              setPage(1);
            }}
          >
            <option value="">{t("anyStatus")}</option>
            {FORM_STATUSES.filter((status) => status !== "locked").map((status) => (
              <option key={status} value={status}>
                {tStatus(status)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {groups?.scope === "group" && groups.own && data && data.items.length > 0 && (
        <p className="text-sm text-slate-600">{tScope("groupOnlyNote", { group: groups.own.name })}</p>
      )}
      {patients.isError ? (
        <Alert className="flex flex-wrap items-center justify-between gap-3">
          <span>{t("loadError", { detail: words(patients.error.message) })}</span>
          <Button variant="secondary" onClick={() => void patients.refetch()} disabled={patients.isFetching}>
            {t("retry")}
          </Button>
        </Alert>
      ) : !data ? (
        <p role="status" className="text-sm text-slate-600">
          {t("loading")}
        </p>
      ) : (
        <div className="rounded-lg border border-slate-200 bg-white shadow-sm">
          {/* A long code scrolls the table, never the page; the enrolment date (on the patient's
              page too) gives a phone's width to the Italian column names. */}
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t("caption")}</caption>
              <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold text-slate-600 uppercase">
                <tr>
                  <th scope="col" className="px-2 py-2 sm:px-4">
                    {t("code")}
                  </th>
                  <th scope="col" className="px-2 py-2 sm:px-4">
                    {t("birthDate")}
                  </th>
                  <th scope="col" className="px-2 py-2 sm:px-4">
                    {t("sex")}
                  </th>
                  <th scope="col" className="hidden px-2 py-2 sm:table-cell sm:px-4">
                    {t("enrolled")}
                  </th>
                  <th scope="col" className="hidden px-2 py-2 md:table-cell md:px-4">
                    {t("formStatus")}
                  </th>
                  {scheduled && (
                    <th
                      scope="col"
                      className="px-2 py-2 sm:px-4"
                      aria-sort={sort === "next_visit_due" ? "ascending" : "none"}
                    >
                      <NextVisitSortHeader
                        label={ts("nextVisitDue")}
                        active={sort === "next_visit_due"}
                        onToggle={() => {
                          setSort((s) => (s === "code" ? "next_visit_due" : "code"));
                          setCursors({});
                          setPage(1);
                        }}
                      />
                    </th>
                  )}
                  <th scope="col" className="px-2 py-2 sm:px-4">
                    <span className="sr-only">{t("actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {data.items.length === 0 ? (
                  <tr>
                    <td colSpan={scheduled ? 7 : 6} className="px-4 py-8 text-center text-slate-600">
                      {/* A sub-investigator sees their group's patients only: an empty list says so
                          and names the group (decision 0028), unless a search emptied it. */}
                      {groups?.scope === "group" && groups.own && !search
                        ? tScope("groupOnly", { group: groups.own.name })
                        : groups?.scope === "none"
                          ? tScope("noGroup")
                          : t("empty")}
                    </td>
                  </tr>
                ) : (
                  data.items.map((patient) => (
                    <tr key={patient.id}>
                      <td className="px-2 py-2 font-medium whitespace-nowrap text-slate-900 sm:px-4">
                        {patient.code}
                      </td>
                      <td className="px-2 py-2 sm:px-4">{fmt.date(patient.birth_date)}</td>
                      <td className="px-2 py-2 sm:px-4">{patient.sex}</td>
                      <td className="hidden px-2 py-2 sm:table-cell sm:px-4">
                        {/* The baseline visit's date (decision 0028); none before a visit. */}
                        {patient.enrolled_on === null ? "—" : fmt.date(patient.enrolled_on)}
                      </td>
                      <td className="hidden px-2 py-2 md:table-cell md:px-4">
                        <FormStatusBadge status={patient.form_status} />
                      </td>
                      {scheduled && (
                        <td className="px-2 py-2 sm:px-4">
                          <NextVisitCell
                            type={patient.next_visit_type}
                            due={patient.next_visit_due}
                            visitTypes={visitTypes}
                          />
                        </td>
                      )}
                      <td className="px-2 py-2 text-right sm:px-4">
                        <Link
                          href={`/${studyCode}/patients/${patient.id}`}
                          aria-label={t("viewPatient", { code: patient.code })}
                          className="font-medium text-brand-700 underline-offset-2 hover:underline"
                        >
                          {t("view")}
                        </Link>
                      </td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
          {data.total > 0 && (
            <nav
              aria-label={t("pagination")}
              className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-4 py-3"
            >
              <p className="text-sm text-slate-600" aria-live="polite">
                {t("showing", { from: fmt.number(from), to: fmt.number(to), total: fmt.number(data.total) })}
              </p>
              <div className="flex gap-2">
                <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                  {t("previous")}
                </Button>
                <Button
                  variant="secondary"
                  disabled={to >= data.total}
                  onClick={() => {
                    const next = data.next_cursor;
                    if (next) setCursors((c) => ({ ...c, [page + 1]: next }));
                    setPage(page + 1);
                  }}
                >
                  {t("next")}
                </Button>
              </div>
            </nav>
          )}
        </div>
      )}
      {adding && (
        <AddPatientDialog
          studyId={studyId}
          config={config}
          groups={groups}
          onClose={() => setAdding(false)}
          onCreated={(patient, next) => {
            setCursors({});
            setAdding(false);
            // 'Save and add baseline visit': the patient's page opens on its add-visit dialog.
            if (next) router.push(`/${studyCode}/patients/${patient.id}?${ADD_VISIT_PARAM}=1`);
          }}
        />
      )}
    </div>
  );
}
