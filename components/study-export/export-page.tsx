"use client";

import { useLocale } from "next-intl";
import { useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
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

const FORMATS: { value: ExportFormat; label: string; hint: string }[] = [
  {
    value: "csv-long",
    label: "CSV, one row per visit",
    hint: "Patient columns repeated on each of their visits.",
  },
  { value: "csv-wide", label: "CSV, one row per patient", hint: "Visit columns repeated per visit type." },
  {
    value: "odm",
    label: "CDISC ODM 1.3.2 (XML)",
    hint: "Study metadata (items, code lists, forms) and clinical data, for other EDC systems.",
  },
];

type Run =
  | { state: "idle" }
  | { state: "running"; progress: ExportProgress | null }
  | { state: "done"; fileName: string; records: number; unit: string }
  | { state: "cancelled" }
  | { state: "failed"; message: string };

const number = new Intl.NumberFormat("en-US");

/** The Export screen (decision 0016): options, a progress bar while the file streams, and Cancel. */
export function ExportPage({ studyId, studyName, visitTypes }: Props) {
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
        <h1 className="text-2xl font-semibold text-slate-900">Export study data</h1>
        <p className="mt-1 text-sm text-slate-600">
          {studyName}: the patients your role lets you see, with their visits. Every export is recorded in the
          audit trail.
        </p>
      </div>

      <form
        className="space-y-5 rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
        onSubmit={(event) => {
          event.preventDefault();
          if (!running) void start();
        }}
      >
        <fieldset className="space-y-2" disabled={running}>
          <legend className="text-sm font-semibold text-slate-900">Format</legend>
          {FORMATS.map((format) => (
            <label key={format.value} className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name="format"
                value={format.value}
                className="mt-1"
                checked={options.format === format.value}
                onChange={() => set({ format: format.value })}
              />
              <span>
                <span className="font-medium text-slate-900">{format.label}</span>
                <span className="block text-slate-600">{format.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>

        <fieldset className="space-y-2" disabled={running}>
          <legend className="text-sm font-semibold text-slate-900">Options</legend>
          {csv && (
            <fieldset className="text-sm">
              <legend className="text-slate-700">Option values</legend>
              <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
                {(["codes", "labels"] as const).map((values) => (
                  <label key={values} className="flex items-center gap-2">
                    <input
                      type="radio"
                      name="values"
                      checked={options.values === values}
                      onChange={() => set({ values })}
                    />
                    {values === "codes" ? "Raw codes" : "Option labels"}
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
              De-identify
              <span className="block text-slate-600">
                Removes identifier fields, replaces patient codes by stable pseudonyms and shifts each
                patient&apos;s dates by a fixed number of days.
              </span>
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
                Zip with data dictionary, README and R / Python loaders
                <span className="block text-slate-600">
                  Analysis-ready: the scripts read the file with its types.
                </span>
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
                Include the audit record of each item
                {options.deidentify && (
                  <span className="block text-slate-600">
                    Not with de-identification: audit records carry true dates.
                  </span>
                )}
              </span>
            </label>
          )}
        </fieldset>

        <fieldset className="space-y-3" disabled={running}>
          <legend className="text-sm font-semibold text-slate-900">Visits</legend>
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
          <p className="text-xs text-slate-600">No visit type ticked: every visit type.</p>
          <div className="grid gap-3 sm:grid-cols-2">
            <div>
              <Label htmlFor="export-from">Visit date from</Label>
              <Input
                id="export-from"
                type="date"
                value={options.visitDateFrom}
                onChange={(event) => set({ visitDateFrom: event.target.value })}
              />
            </div>
            <div>
              <Label htmlFor="export-to">Visit date to</Label>
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
            {running ? "Exporting..." : "Export"}
          </Button>
          {running && (
            <Button type="button" variant="secondary" onClick={() => abort.current?.abort()}>
              Cancel
            </Button>
          )}
        </div>
        <RunStatus run={run} />
      </form>

      <section className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        <h2 className="text-base font-semibold text-slate-900">Data dictionary</h2>
        <p className="mt-1 text-sm text-slate-600">
          The study&apos;s fields and calculations as a CSV close to REDCap&apos;s layout.
        </p>
        <a
          className="mt-2 inline-block text-sm font-medium text-blue-700 underline"
          href={dataDictionaryUrl(studyId)}
        >
          Download data dictionary (CSV)
        </a>
      </section>
    </div>
  );
}

function RunStatus({ run }: { run: Run }) {
  switch (run.state) {
    case "idle":
      return null;
    case "running":
      return run.progress ? (
        <ProgressBar records={run.progress.records} total={run.progress.total} unit={run.progress.unit} />
      ) : (
        <p className="text-sm text-slate-700" role="status">
          Counting records...
        </p>
      );
    case "done":
      return (
        <div className="space-y-2">
          <ProgressBar records={run.records} total={run.records} unit={run.unit} />
          <Alert tone="info">
            Export complete: {number.format(run.records)} {run.unit} in {run.fileName}.
          </Alert>
        </div>
      );
    case "cancelled":
      return <Alert tone="info">Export cancelled. Nothing more is read from the database.</Alert>;
    case "failed":
      return <Alert>Export failed: {run.message}</Alert>;
  }
}

function ProgressBar({ records, total, unit }: { records: number; total: number | null; unit: string }) {
  const percent = total ? Math.min(100, Math.round((records / total) * 100)) : total === 0 ? 100 : null;
  return (
    <div className="space-y-1" data-testid="export-progress">
      <progress
        className="h-2 w-full"
        aria-label="Export progress"
        max={100}
        {...(percent === null ? {} : { value: percent })}
      />
      <p className="text-sm text-slate-700" role="status">
        {number.format(records)}
        {total === null ? "" : ` of ${number.format(total)}`} {unit}
        {percent === null ? "" : ` (${percent}%)`}
      </p>
    </div>
  );
}
