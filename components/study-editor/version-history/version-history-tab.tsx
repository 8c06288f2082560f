"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useFormat } from "@/components/i18n/use-format";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import {
  useCheckCompatibility,
  useCreateAmendment,
  useDecideVersion,
  useProtocolVersions,
} from "@/lib/client/protocol-versions";
import {
  FIRST_VERSION_REASON,
  type CompatibilityResult,
  type ProtocolVersionResponse,
} from "@/lib/schemas/protocol-versions";
import type { StudyConfigDocument } from "@/lib/schemas/study-config";
import { AmendmentDialog, type AmendmentBody } from "./amendment-dialog";
import { CompatibilityDialog } from "./compatibility-dialog";
import { RejectDialog } from "./reject-dialog";
import { useEditorReadOnly } from "../editor-read-only";

const STATUS_CLASSES: Record<ProtocolVersionResponse["status"], string> = {
  draft: "bg-blue-100 text-blue-800",
  pending_approval: "bg-amber-100 text-amber-800",
  active: "bg-green-100 text-green-800",
  superseded: "bg-slate-200 text-slate-700",
  rejected: "bg-red-100 text-red-800",
};

type Message = { tone: "info" | "error"; text: string } | null;

/**
 * The Version History tab (spec §2, §4, §8): the study's protocol versions, newest first, the
 * active one highlighted; a new amendment holds the configuration currently in the editor; drafts
 * can be checked against the stored data, approved (after a confirmation) or rejected. An
 * approval replaces the study's live configuration, so the editor reloads it (`onApproved`).
 */
export function VersionHistoryTab({
  studyId,
  config,
  onApproved,
}: {
  studyId: number;
  config: StudyConfigDocument;
  /** Receives the approved version's config, now the study's live one. */
  onApproved: (config: StudyConfigDocument) => void;
}) {
  const t = useTranslations("editorVersions");
  // A locked study's versions are read and checked only: a new amendment or a decision answers 423.
  const readOnly = useEditorReadOnly();
  const versions = useProtocolVersions(studyId);
  const create = useCreateAmendment(studyId);
  const decide = useDecideVersion(studyId);
  const check = useCheckCompatibility(studyId);
  const fmt = useFormat();
  const [creating, setCreating] = useState(false);
  const [rejecting, setRejecting] = useState<ProtocolVersionResponse | null>(null);
  const [report, setReport] = useState<{ version: number; result: CompatibilityResult } | null>(null);
  const [message, setMessage] = useState<Message>(null);

  const list = versions.data?.versions ?? [];
  const nextNumber = Math.max(0, ...list.map((v) => v.version_number)) + 1;

  // The dialogs send and throw when refused: they keep a 422 about their own fields under those
  // fields and hand any other refusal back here (`creationFailed`, `decisionFailed`).
  async function onCreate(body: AmendmentBody) {
    await create.mutateAsync({ ...body, config });
    setCreating(false);
    setMessage({ tone: "info", text: t("created") });
  }

  function creationFailed(text: string) {
    setCreating(false);
    setMessage({ tone: "error", text: t("createFailed", { detail: text }) });
  }

  async function decideOrThrow(version: ProtocolVersionResponse, approved: boolean, reason?: string | null) {
    const decided = await decide.mutateAsync({
      versionId: version.id,
      approved,
      ...(reason ? { rejection_reason: reason } : {}),
    });
    setRejecting(null);
    setMessage({ tone: "info", text: t("updated") });
    if (approved) onApproved(decided.config);
  }

  function decisionFailed(text: string) {
    setRejecting(null);
    setMessage({ tone: "error", text: t("updateFailed", { detail: text }) });
  }

  async function onApprove(version: ProtocolVersionResponse) {
    if (!window.confirm(t("approveConfirm", { number: version.version_number }))) return;
    try {
      await decideOrThrow(version, true);
    } catch (error) {
      decisionFailed((error as Error).message);
    }
  }

  async function onCheck(version: ProtocolVersionResponse) {
    try {
      setReport({ version: version.version_number, result: await check.mutateAsync(version.id) });
    } catch (error) {
      setMessage({ tone: "error", text: t("checkFailed", { detail: (error as Error).message }) });
    }
  }

  return (
    <section aria-labelledby="version-history-heading" className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="version-history-heading" className="text-lg font-semibold text-slate-900">
            {t("heading")}
          </h2>
          <p className="text-sm text-slate-600">{t("intro")}</p>
        </div>
        {!readOnly && <Button onClick={() => setCreating(true)}>{t("createAmendment")}</Button>}
      </div>
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      {versions.isPending && <p className="text-slate-500">{t("loading")}</p>}
      {versions.error && <Alert>{t("loadFailed", { detail: versions.error.message })}</Alert>}
      {versions.data && list.length === 0 && (
        <p className="rounded-md border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-600">
          {t("empty")}
        </p>
      )}
      <ol className="space-y-3">
        {list.map((version) => {
          const active = version.id === versions.data?.active_version_id;
          return (
            <li
              key={version.id}
              aria-label={t("version", { number: version.version_number })}
              aria-current={active ? "true" : undefined}
              className={cn(
                "rounded-lg border bg-white p-4",
                active ? "border-green-500 ring-2 ring-green-200" : "border-slate-200",
              )}
            >
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="font-semibold text-slate-900">
                  {t("version", { number: version.version_number })}
                  {version.version_label ? ` — ${version.version_label}` : ""}
                </h3>
                <span
                  className={cn(
                    "inline-flex rounded-full px-2 py-0.5 text-xs font-medium",
                    STATUS_CLASSES[version.status],
                  )}
                >
                  {t(`status.${version.status}`)}
                </span>
              </div>
              <p className="mt-1 break-words text-sm text-slate-700">
                {version.amendment_reason === FIRST_VERSION_REASON
                  ? t("firstVersionReason")
                  : version.amendment_reason}
              </p>
              <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-xs text-slate-600 sm:grid-cols-4">
                <div>
                  <dt className="inline">{t("effectiveFrom")}</dt>
                  <dd className="inline">{fmt.date(version.effective_from)}</dd>
                </div>
                <div>
                  <dt className="inline">{t("effectiveTo")}</dt>
                  <dd className="inline">{fmt.date(version.effective_to)}</dd>
                </div>
                <div>
                  <dt className="inline">{t("patients")}</dt>
                  <dd className="inline">{fmt.number(version.patient_count)}</dd>
                </div>
                <div>
                  <dt className="inline">{t("visits")}</dt>
                  <dd className="inline">{fmt.number(version.visit_count)}</dd>
                </div>
              </dl>
              {version.rejection_reason && (
                <p className="mt-1 text-sm text-red-700">
                  {t("rejectedReason", { reason: version.rejection_reason })}
                </p>
              )}
              <div className="mt-3 flex flex-wrap gap-2">
                <Button variant="secondary" onClick={() => void onCheck(version)} disabled={check.isPending}>
                  {t("checkCompatibility")}
                </Button>
                {version.status === "draft" && !readOnly && (
                  <>
                    <Button onClick={() => void onApprove(version)} disabled={decide.isPending}>
                      {t("approve")}
                    </Button>
                    <Button
                      variant="danger"
                      onClick={() => setRejecting(version)}
                      disabled={decide.isPending}
                    >
                      {t("reject")}
                    </Button>
                  </>
                )}
              </div>
            </li>
          );
        })}
      </ol>
      {creating && (
        <AmendmentDialog
          nextNumber={nextNumber}
          pending={create.isPending}
          onCreate={onCreate}
          onFailed={creationFailed}
          onClose={() => setCreating(false)}
        />
      )}
      {rejecting && (
        <RejectDialog
          versionNumber={rejecting.version_number}
          onReject={(body) => decideOrThrow(rejecting, false, body.rejection_reason)}
          onFailed={decisionFailed}
          onClose={() => setRejecting(null)}
        />
      )}
      {report && (
        <CompatibilityDialog
          versionNumber={report.version}
          result={report.result}
          onClose={() => setReport(null)}
        />
      )}
    </section>
  );
}
