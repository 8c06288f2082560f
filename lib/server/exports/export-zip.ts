import "server-only";
import { pythonLoader, rLoader } from "@/lib/exports/analysis-scripts";
import { exportedConfig, type ExportColumn } from "@/lib/exports/columns";
import { exportReadme } from "@/lib/exports/export-readme";
import { dictionaryCsv } from "@/lib/dictionary";
import type { Locale } from "@/lib/i18n/locales";
import type { StudyExportQuery } from "@/lib/schemas/study-export";
import type { StudyConfig } from "@/lib/schemas/study-config";
import { translatorFor } from "../i18n/translator";
import type { StudyRow } from "../studies/study-queries";
import type { BatchSource } from "./export-stream";
import { ZipStream } from "./zip-stream";

/**
 * The CSV export packaged for analysis: the data file streamed into the archive batch by batch,
 * then the data dictionary, a README describing every column, and R and Python loaders generated
 * from the same columns (so they read it with the right types, labels and dates). The archive is
 * fflate's, deflated in a worker thread (zip-stream.ts); a cancelled or failed download stops it.
 */
export function zipPackage<B>(
  inner: BatchSource<B>,
  p: {
    baseName: string;
    now: Date;
    /** The config's one language (decision 0022): its texts go in that language's dictionary columns. */
    config: StudyConfig;
    /** The export's language (`lang`, decision 0022): the dictionary's columns and the README's words. */
    language: Locale;
    study: StudyRow;
    columns: readonly ExportColumn[];
    query: StudyExportQuery;
    total: number;
    filters: Record<string, unknown>;
  },
): BatchSource<B> {
  const zip = new ZipStream();
  const files = {
    data: `${p.baseName}.csv`,
    dictionary: "data_dictionary.csv",
    python: "load_data.py",
    r: "load_data.R",
  };
  return {
    next: () => inner.next(),
    head: async () => concat([zip.begin(files.data, p.now), await zip.write(await inner.head())]),
    async encode(batch) {
      const { bytes, records } = await inner.encode(batch);
      return { bytes: await zip.write(bytes), records };
    },
    async tail(records) {
      const generatedAt = p.now.toISOString();
      const { t } = await translatorFor(p.language);
      const script = {
        csvFile: files.data,
        valueMode: p.query.values,
        csvFormat: p.query.csv_format,
        studyName: p.study.name,
        generatedAt,
      };
      const entries: [string, string][] = [
        [
          files.dictionary,
          dictionaryCsv(exportedConfig(p.config, { deidentify: p.query.deidentify }), p.language),
        ],
        [
          "README.md",
          exportReadme(
            {
              studyName: p.study.name,
              studyCode: p.study.code,
              format: p.query.format === "csv-wide" ? "csv-wide" : "csv-long",
              valueMode: p.query.values,
              csvFormat: p.query.csv_format,
              deidentified: p.query.deidentify,
              generatedAt,
              rowCount: records,
              columns: p.columns,
              filters: p.filters,
              files,
            },
            t,
          ),
        ],
        [files.python, pythonLoader(p.columns, script)],
        [files.r, rLoader(p.columns, script)],
      ];
      const parts = [await zip.write(await inner.tail(records)), await zip.end()];
      for (const [name, text] of entries) parts.push(await zip.file(name, p.now, text));
      parts.push(await zip.finish());
      return concat(parts);
    },
    settled(outcome) {
      if (outcome.status !== "completed") zip.terminate();
      return inner.settled(outcome);
    },
  };
}

function concat(parts: Uint8Array[]): Uint8Array {
  return Buffer.concat(parts);
}
