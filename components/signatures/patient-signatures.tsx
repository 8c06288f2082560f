"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useFormat } from "@/components/i18n/use-format";
import { useWords } from "@/components/i18n/use-words";
import { errorText } from "@/components/patient-detail/format";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { usePatientSignatures } from "@/lib/client/signatures";
import type { SignatureResponse } from "@/lib/schemas/signatures";
import type { VisitResponse } from "@/lib/schemas/visits";
import { SignDialog } from "./sign-dialog";

/**
 * The patient page's Signatures (decision 0032): every signature of the casebook and of each visit
 * with its manifestation (printed name, date and time with zone, meaning) and its state; a signer
 * signs from here. The server decides again whether and how (role, identity, review, proof).
 */
export function PatientSignatures({
  patientId,
  visits,
  visitTypeLabel,
  fieldLabel,
  canSign,
  className,
  onSigned,
}: {
  patientId: number;
  visits: readonly VisitResponse[];
  visitTypeLabel: (code: string) => string;
  /** A changed field's label in the reader's words (the study's field, else its name). */
  fieldLabel: (name: string) => string;
  /** From the actor's study role, read by the server page. */
  canSign: boolean;
  className?: string;
  onSigned: (message: string) => void;
}) {
  const t = useTranslations("signatures");
  const words = useWords();
  const signatures = usePatientSignatures(patientId);
  const [signing, setSigning] = useState(false);
  const next = signatures.data?.next;

  return (
    <section className={className} aria-labelledby="signatures-heading">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 id="signatures-heading" className="text-lg font-semibold">
          {t("heading")}
        </h2>
        {canSign && next?.allowed && <Button onClick={() => setSigning(true)}>{t("sign")}</Button>}
      </div>
      <p className="mb-3 text-sm text-slate-600">{t("intro")}</p>
      {canSign && next && !next.allowed && next.refusal && (
        <p className="mb-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t("cannotSign", { reason: next.refusal })}
        </p>
      )}
      {signatures.isPending ? (
        <p className="text-sm text-slate-500">{t("loading")}</p>
      ) : signatures.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t("loadError", { detail: words(errorText(signatures.error)) })}
        </p>
      ) : signatures.data.items.length === 0 ? (
        <p className="text-sm text-slate-600">{t("empty")}</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {[...signatures.data.items].reverse().map((signature) => (
            <SignatureItem key={signature.id} signature={signature} visits={visits} fieldLabel={fieldLabel} />
          ))}
        </ul>
      )}
      {signing && next && (
        <SignDialog
          patientId={patientId}
          visits={visits}
          visitTypeLabel={visitTypeLabel}
          next={next}
          onClose={() => setSigning(false)}
          onSigned={(message) => {
            setSigning(false);
            onSigned(message);
          }}
        />
      )}
    </section>
  );
}

function SignatureItem({
  signature,
  visits,
  fieldLabel,
}: {
  signature: SignatureResponse;
  visits: readonly VisitResponse[];
  fieldLabel: (name: string) => string;
}) {
  const t = useTranslations("signatures");
  const fmt = useFormat();
  const visitNumber = (id: number | null) => visits.find((v) => v.id === id)?.visit_number ?? "?";
  const what =
    signature.entity_type === "patient" ? t("casebook") : t("visit", { n: visitNumber(signature.visit_id) });
  const cause = signature.invalidated_by;
  const fields = cause?.fields.map(fieldLabel).join(", ") ?? "";
  const change =
    cause === null
      ? null
      : cause.entity_type === "patient"
        ? t("changeOfPatient", { fields })
        : cause.fields.length === 0
          ? t("changeOfNewVisit", { n: cause.visit_number ?? "?" })
          : t("changeOfVisit", { n: cause.visit_number ?? "?", fields });
  return (
    <li className="flex flex-wrap items-start justify-between gap-2 py-3 text-sm">
      <div className="min-w-0 space-y-0.5">
        <p className="font-medium text-slate-900">{what}</p>
        <p className="text-slate-700">
          {t("signedBy", { name: signature.signer_name, at: fmt.dateTime(signature.signed_at) })}
        </p>
        <p className="text-slate-700">{t("meaning", { meaning: signature.meaning_text })}</p>
        {change && signature.invalidated_at && (
          <p className="text-amber-900">
            {t("invalidatedBy", { what: change, at: fmt.dateTime(signature.invalidated_at) })}
          </p>
        )}
      </div>
      <Badge tone={signature.state === "valid" ? "success" : "warning"}>
        {signature.state === "valid" ? t("valid") : t("invalidated")}
      </Badge>
    </li>
  );
}
