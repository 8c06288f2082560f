"use client";

import { useLocale, useTranslations } from "next-intl";
import type { Locale } from "@/lib/i18n/locales";
import { configIn } from "@/lib/i18n/study-config-language";
import { useBooleanWords, YES_NO } from "@/components/forms/boolean-labels";
import { CalculatedValues } from "@/components/forms/calculated-values";
import type { CalculationValue } from "@/lib/calc";
import { useFormat } from "@/components/i18n/use-format";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { fieldsForEntity, isEmptyValue, missingCodesOf, THERAPY_SWITCH_KEY } from "@/lib/forms";
import { MissingCodeBadge } from "@/components/forms/missing-code-badge";
import { useProtocolVersions } from "@/lib/client/protocol-versions";
import type { Formatter } from "@/lib/i18n/format";
import type { DataField, StudyConfig, TherapySwitchField } from "@/lib/schemas/study-config";
import type { VisitResponse } from "@/lib/schemas/visits";
import { ConfirmedWarningsNote } from "@/components/plausibility/confirmed-warnings-flag";
import { QueryMarker, WholeVisitQueries } from "@/components/data-queries/query-marker";
import { RecordReview } from "@/components/data-review/record-review";
import { VerificationMark } from "@/components/data-review/verification-mark";

/** What `shown` reads of a field: a study field or a therapy-switch field. */
type Shape = Pick<DataField, "type" | "options"> | Pick<TherapySwitchField, "type" | "options">;

function shown(
  field: Shape | undefined,
  value: unknown,
  yesNo: { yes: string; no: string },
  fmt: Formatter,
): string {
  if (typeof value === "number") return fmt.exact(value);
  if (typeof value === "string" && field?.type === "date") return fmt.date(value);
  if (typeof value === "string" && field?.type === "month") return fmt.month(value);
  const label = (v: unknown) => field?.options?.find((o) => o.value === v)?.label ?? String(v);
  if (value === true) return yesNo.yes;
  if (value === false) return yesNo.no;
  if (Array.isArray(value))
    return value.map((v) => (typeof v === "object" ? JSON.stringify(v) : label(v))).join(", ");
  if (value !== null && typeof value === "object") return JSON.stringify(value);
  return label(value);
}

const hasValue = (value: unknown) =>
  value !== undefined && value !== null && value !== "" && !(Array.isArray(value) && value.length === 0);

/**
 * One visit as it was captured: its values under the fields of the protocol version in force when
 * it was entered (decision 0013), whatever the study's config is today. Values under names that
 * version did not have are listed apart.
 */
export function VisitVersionDialog({
  visit,
  studyId,
  currentConfig,
  onClose,
}: {
  visit: VisitResponse;
  studyId: number;
  currentConfig: StudyConfig;
  onClose: () => void;
}) {
  const t = useTranslations("visits.version");
  const yesNo = useBooleanWords(YES_NO);
  const versions = useProtocolVersions(studyId);
  const fmt = useFormat();
  const tReview = useTranslations("dataReview");
  const version = versions.data?.versions.find((v) => v.id === visit.protocol_version_id);
  const locale = useLocale() as Locale;
  // A version's document in the reader's language, as the study's own config is (decision 0022).
  const config = version ? configIn(version.config, locale) : currentConfig;
  const fields = fieldsForEntity(config.data_fields, "visit");
  const known = new Set(fields.map((f) => f.name));
  // A field answered with a missing-data code is shown with its code (decision 0023).
  const captured = fields.filter((f) => hasValue(visit.data_fields[f.name]) || visit.missing?.[f.name]);
  const codes = missingCodesOf(config, locale);
  const other = Object.entries(visit.data_fields).filter(
    ([key, value]) => key !== THERAPY_SWITCH_KEY && !known.has(key) && hasValue(value),
  );
  // The therapy-switch answer in the study's words: the question, and a switch's own fields.
  const switchAnswer = visit.data_fields[THERAPY_SWITCH_KEY] as Record<string, unknown> | undefined;
  const switchConfig = config.therapy_switch_config;
  const switchRows =
    switchAnswer && typeof switchAnswer.is_continuing_therapy === "boolean"
      ? [
          {
            key: "is_continuing_therapy",
            label: switchConfig.prompt_message,
            text: switchAnswer.is_continuing_therapy ? yesNo.yes : yesNo.no,
          },
          ...switchConfig.switch_fields
            .filter((field) => hasValue(switchAnswer[field.name]))
            .map((field) => ({
              key: field.name,
              label: field.label,
              text: shown(field, switchAnswer[field.name], yesNo, fmt),
            })),
        ]
      : [];
  // The values stored with the visit (decision 0028) and, for one stored empty, the reason the
  // server's engine gave at that write, in the reader's words (decision 0023).
  const stored = visit.calculated_values as Record<string, CalculationValue>;
  const typeLabel = config.visit_types.find((t) => t.code === visit.visit_type)?.label ?? visit.visit_type;
  const versionText = version
    ? t("protocolVersion", {
        n: version.version_number,
        status: t(`status.${version.is_active ? "active" : version.status}`),
      })
    : visit.protocol_version_id === null
      ? t("beforeVersions")
      : t("loading");

  return (
    <Dialog
      open
      onClose={onClose}
      title={t("title", {
        n: visit.visit_number,
        type: typeLabel,
        date: fmt.date(visit.visit_date),
      })}
      description={versionText}
      className="max-w-2xl"
      footer={<Button onClick={onClose}>{t("close")}</Button>}
    >
      {versions.isError && <p className="text-sm text-red-700">{t("versionsError")}</p>}
      <ConfirmedWarningsNote warnings={visit.confirmed_warnings} />
      <RecordReview
        entity="visit"
        record={{ ...visit, values: visit.data_fields }}
        verifyAllLabel={tReview("verifyAllVisit")}
        className="mb-3"
      />
      <WholeVisitQueries visitId={visit.id} />
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-2" aria-label={t("data")}>
        {captured.map((field) => (
          <div key={field.name} className="min-w-0">
            <dt className="text-slate-600">{field.label}</dt>
            <dd className="break-words font-medium text-slate-900">
              {visit.missing?.[field.name] ? (
                <MissingCodeBadge code={visit.missing[field.name]!} codes={codes} />
              ) : (
                shown(field, visit.data_fields[field.name], yesNo, fmt)
              )}
              <QueryMarker
                target={{ entityType: "visit", entityId: visit.id, field: field.name }}
                label={field.label}
              />
              <VerificationMark
                entity="visit"
                id={visit.id}
                field={field.name}
                label={field.label}
                verification={visit.verification}
                locked={visit.is_locked}
                answered={
                  Boolean(visit.missing?.[field.name]) || !isEmptyValue(visit.data_fields[field.name])
                }
              />
            </dd>
          </div>
        ))}
      </dl>
      {captured.length === 0 && <p className="text-sm text-slate-500">{t("none")}</p>}
      {config.calculations.length > 0 && (
        <div className="mt-4">
          <CalculatedValues
            calculations={config.calculations}
            results={stored}
            errors={visit.calculation_notes}
            booleanLabels={YES_NO}
          />
        </div>
      )}
      {switchRows.length > 0 && (
        <section className="mt-4">
          <h3 className="text-sm font-semibold text-slate-800">{t("therapySwitch")}</h3>
          <dl className="mt-1 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
            {switchRows.map((row) => (
              <div key={row.key} className="min-w-0">
                <dt className="text-slate-600">{row.label}</dt>
                <dd className="break-words font-medium text-slate-900">{row.text}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      {other.length > 0 && (
        <section className="mt-4">
          <h3 className="text-sm font-semibold text-slate-800">{t("outside")}</h3>
          <dl className="mt-1 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
            {other.map(([key, value]) => (
              <div key={key} className="min-w-0">
                <dt className="font-mono text-xs text-slate-600">{key}</dt>
                <dd className="break-words">{shown(undefined, value, yesNo, fmt)}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
    </Dialog>
  );
}
