"use client";

import { useLocale, useTranslations } from "next-intl";
import type { Locale } from "@/lib/i18n/locales";

import { useRef, useState } from "react";
import { useWords } from "@/components/i18n/use-words";
import { useFormat } from "@/components/i18n/use-format";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { HintedRadioGroup } from "@/components/ui/hinted-radio-group";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { dataDictionaryUrl } from "@/lib/client/data-dictionary";
import {
  defaultCsvFormat,
  downloadStudyExport,
  type ExportProgress,
  type StudyExportOptions,
} from "@/lib/client/study-export";
import type { ExportFormat } from "@/lib/schemas/study-export";
import { CsvFormatChoice } from "./csv-format-choice";

type Props = {
  studyId: number;
  studyName: string;
  visitTypes: { code: string; label: string }[];
};

/** The formats in the order offered; their names and hints are the catalogue's (`export.formats`). */
const FORMATS: readonly ExportFormat[] = ["csv-long", "csv-wide", "odm"];

type Run =
  | { state: "idle" }
  | { state: "running"; progress: ExportProgress | null }
  | { state: "done"; fileName: string; records: number; unit: string }
  | { state: "cancelled" }
  | { state: "failed"; message: string };

/** The Export screen (decision 0016): options, a progress bar while the file streams, and Cancel. */
export function ExportPage({ studyId, studyName, visitTypes }: Props) {
  const t = useTranslations("export");
  const locale = useLocale();
  const [options, setOptions] = useState<StudyExportOptions>({
    format: "csv-long",
    values: "codes",
    csvFormat: defaultCsvFormat(locale),
    deidentify: false,
    zip: false,
    audit: false,
    visitTypes: [],
    visitDateFrom: "",
    visitDateTo: "",
    language: locale as Locale,
  });
  const [run, setRun] = useState<Run>({ state: "idle" });
  const abort = useRef<AbortController | null>(null);
  const set = (patch: Partial<StudyExportOptions>) => setOptions((current) => ({ ...current, ...patch }));
  const csv = options.format !== "odm";
  const running = run.state === "running";

  async function start() {
    const controller = new AbortController();
    abort.current = controller;
    setRun({ state: "running", progress: null });
    try {
      const result = await downloadStudyExport(studyId, options, {
        signal: controller.signal,
        onProgress: (progress) => setRun({ state: "running", progress }),
      });
      setRun({ state: "done", ...result, unit: csv ? "rows" : "subjects" });
    } catch (error) {
      if (controller.signal.aborted) setRun({ state: "cancelled" });
      else setRun({ state: "failed", message: error instanceof Error ? error.message : String(error) });
    } finally {
      abort.current = null;
    }
  }

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">{t("title")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("intro", { study: studyName })}</p>
      </div>

      <form
        className="space-y-5 rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
        onSubmit={(event) => {
          event.preventDefault();
          if (!running) void start();
        }}
      >
        <HintedRadioGroup
          name="format"
          legend={t("format")}
          options={FORMATS.map((format) => ({
            value: format,
            label: t(`formats.${format}.label`),
            hint: t(`formats.${format}.hint`),
          }))}
          value={options.format}
          onChange={(format) => set({ format })}
          disabled={running}
        />

        <fieldset className="space-y-2" disabled={running}>
          <legend className="text-sm font-semibold text-slate-900">{t("options")}</legend>
          {csv && (
            <fieldset className="text-sm">
              <legend className="text-slate-700">{t("optionValues")}</legend>
              <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
                {(["codes", "labels"] as const).map((values) => (
                  <label key={values} className="flex items-center gap-2">
                    <input
                      type="radio"
                      name="values"
                      checked={options.values === values}
                      onChange={() => set({ values })}
                    />
                    {t(values)}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          {csv && <CsvFormatChoice value={options.csvFormat} onChange={(csvFormat) => set({ csvFormat })} />}
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-1"
              checked={options.deidentify}
              onChange={(event) => set({ deidentify: event.target.checked })}
            />
            <span>
              {t("deidentify")}
              <span className="block text-slate-600">{t("deidentifyHint")}</span>
            </span>
          </label>
          {csv ? (
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-1"
                checked={options.zip}
                onChange={(event) => set({ zip: event.target.checked })}
              />
              <span>
                {t("zip")}
                <span className="block text-slate-600">{t("zipHint")}</span>
              </span>
            </label>
          ) : (
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-1"
                checked={options.audit && !options.deidentify}
                disabled={options.deidentify}
                onChange={(event) => set({ audit: event.target.checked })}
              />
              <span>
                {t("audit")}
                {options.deidentify && <span className="block text-slate-600">{t("auditHint")}</span>}
              </span>
            </label>
          )}
        </fieldset>

        <fieldset className="space-y-3" disabled={running}>
          <legend className="text-sm font-semibold text-slate-900">{t("visits")}</legend>
          {visitTypes.length > 0 && (
            <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
              {visitTypes.map((type) => (
                <label key={type.code} className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    checked={options.visitTypes.includes(type.code)}
                    onChange={(event) =>
                      set({
                        visitTypes: event.target.checked
                          ? [...options.visitTypes, type.code]
                          : options.visitTypes.filter((code) => code !== type.code),
                      })
                    }
                  />
                  {type.label}
                </label>
              ))}
            </div>
          )}
          <p className="text-xs text-slate-600">{t("anyType")}</p>
          <div className="grid gap-3 sm:grid-cols-2">
            <div>
              <Label htmlFor="export-from">{t("from")}</Label>
              <Input
                id="export-from"
                type="date"
                value={options.visitDateFrom}
                onChange={(event) => set({ visitDateFrom: event.target.value })}
              />
            </div>
            <div>
              <Label htmlFor="export-to">{t("to")}</Label>
              <Input
                id="export-to"
                type="date"
                value={options.visitDateTo}
                onChange={(event) => set({ visitDateTo: event.target.value })}
              />
            </div>
          </div>
        </fieldset>

        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={running}>
            {running ? t("exporting") : t("export")}
          </Button>
          {running && (
            <Button type="button" variant="secondary" onClick={() => abort.current?.abort()}>
              {t("cancel")}
            </Button>
          )}
        </div>
        <RunStatus run={run} />
      </form>

      <section className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        <h2 className="text-base font-semibold text-slate-900">{t("dictionary")}</h2>
        <p className="mt-1 text-sm text-slate-600">{t("dictionaryHint")}</p>
        <a
          className="mt-2 inline-block text-sm font-medium text-blue-700 underline"
          href={dataDictionaryUrl(studyId)}
        >
          {t("dictionaryLink")}
        </a>
      </section>
    </div>
  );
}

/** A server's unit ("rows", "subjects") in the reader's words; an unknown one as it came. */
function useUnitWords() {
  const t = useTranslations("export");
  return (unit: string) => (unit === "rows" || unit === "subjects" ? t(`units.${unit}`) : unit);
}

function RunStatus({ run }: { run: Run }) {
  const t = useTranslations("export");
  const words = useWords();
  const unitWords = useUnitWords();
  const fmt = useFormat();
  switch (run.state) {
    case "idle":
      return null;
    case "running":
      return run.progress ? (
        <ProgressBar records={run.progress.records} total={run.progress.total} unit={run.progress.unit} />
      ) : (
        <p className="text-sm text-slate-700" role="status">
          {t("counting")}
        </p>
      );
    case "done":
      return (
        <div className="space-y-2">
          <ProgressBar records={run.records} total={run.records} unit={run.unit} />
          <Alert tone="info">
            {t("done", {
              records: fmt.number(run.records),
              unit: unitWords(run.unit),
              file: run.fileName,
            })}
          </Alert>
        </div>
      );
    case "cancelled":
      return <Alert tone="info">{t("cancelled")}</Alert>;
    case "failed":
      return <Alert>{t("failed", { detail: words(run.message) })}</Alert>;
  }
}

function ProgressBar({ records, total, unit }: { records: number; total: number | null; unit: string }) {
  const t = useTranslations("export");
  const unitWords = useUnitWords();
  const percent = total ? Math.min(100, Math.round((records / total) * 100)) : total === 0 ? 100 : null;
  const fmt = useFormat();
  return (
    <div className="space-y-1" data-testid="export-progress">
      <progress
        className="h-2 w-full"
        aria-label={t("progress")}
        max={100}
        {...(percent === null ? {} : { value: percent })}
      />
      <p className="text-sm text-slate-700" role="status">
        {total === null || percent === null
          ? t("count", { records: fmt.number(records), unit: unitWords(unit) })
          : t("countOf", {
              records: fmt.number(records),
              total: fmt.number(total),
              unit: unitWords(unit),
              percent: fmt.number(percent),
            })}
      </p>
    </div>
  );
}
