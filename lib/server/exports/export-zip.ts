import "server-only";
import { pythonLoader, rLoader } from "@/lib/exports/analysis-scripts";
import { exportedConfig, type ExportColumn } from "@/lib/exports/columns";
import { exportReadme } from "@/lib/exports/export-readme";
import { queryStepColumns } from "@/lib/exports/query-step-rows";
import { formStatusColumns, verificationColumns } from "@/lib/exports/review-csv";
import { signatureColumns } from "@/lib/exports/signature-rows";
import { dictionaryCsv } from "@/lib/dictionary";
import type { Locale } from "@/lib/i18n/locales";
import type { StudyExportQuery } from "@/lib/schemas/study-export";
import type { StudyConfig } from "@/lib/schemas/study-config";
import { translatorFor } from "../i18n/translator";
import type { StudyRow } from "../studies/study-queries";
import type { BatchSource } from "./export-stream";
import { REVIEW_FILES, type ZipEntrySource } from "./review-files";
import { ZipStream } from "./zip-stream";

/** What the zip streams: a batch of the data file, or a piece (header or batch) of a review file. */
type ZipBatch<B> = { data: B } | { entry: number; text: string };

/**
 * The CSV export packaged for analysis: the data file streamed into the archive batch by batch,
 * then the review files (queries, verification, form status, signatures: `extras`, each streamed
 * batch by batch as well, decisions 0030, 0031 and 0032), then the data dictionary, a README describing every file and
 * column, and R and Python loaders generated from the same columns (so they read the data file
 * with the right types, labels and dates). The archive is fflate's, deflated in a worker thread
 * (zip-stream.ts); a cancelled or failed download stops it. A zip holds one open entry at a time:
 * the review files are read after the data file, each in a keyset pass of its own.
 */
export function zipPackage<B>(
  inner: BatchSource<B>,
  extras: readonly ZipEntrySource[],
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
): BatchSource<ZipBatch<B>> {
  const zip = new ZipStream();
  const files = {
    data: `${p.baseName}.csv`,
    dictionary: "data_dictionary.csv",
    python: "load_data.py",
    r: "load_data.R",
    ...REVIEW_FILES,
  };
  const encoder = new TextEncoder();
  /** Reading: which source the next batch comes from (the data file, then each extra in turn). */
  let reading = -1;
  /** Writing: the entry open in the archive (-1 the data file), and the data file's records so far. */
  let open = -1;
  let dataRecords = 0;
  /** Closes the open entry: the data file gets its tail first. */
  const closeOpen = async (): Promise<Uint8Array[]> =>
    open === -1 ? [await zip.write(await inner.tail(dataRecords)), await zip.end()] : [await zip.end()];
  return {
    async next() {
      if (reading === -1) {
        const batch = await inner.next();
        if (batch !== null) return { data: batch };
        reading = 0;
      }
      for (; reading < extras.length; reading++) {
        const text = await extras[reading]!.next();
        if (text !== null) return { entry: reading, text };
      }
      return null;
    },
    head: async () => concat([zip.begin(files.data, p.now), await zip.write(await inner.head())]),
    async encode(batch) {
      if ("data" in batch) {
        const { bytes, records } = await inner.encode(batch.data);
        dataRecords += records;
        return { bytes: await zip.write(bytes), records };
      }
      const parts: Uint8Array[] = [];
      if (batch.entry !== open) {
        parts.push(...(await closeOpen()));
        open = batch.entry;
        parts.push(zip.begin(extras[batch.entry]!.name, p.now));
      }
      parts.push(await zip.write(encoder.encode(batch.text)));
      // Review files are not the data file's records (the export's counts and progress).
      return { bytes: concat(parts), records: 0 };
    },
    async tail(records) {
      const generatedAt = p.now.toISOString();
      const options = { deidentify: p.query.deidentify };
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
              review: {
                files: {
                  queries: files.queries,
                  verification: files.verification,
                  formStatus: files.formStatus,
                  signatures: files.signatures,
                },
                columns: {
                  queries: queryStepColumns(options),
                  verification: verificationColumns(options),
                  formStatus: formStatusColumns(options),
                  signatures: signatureColumns(options),
                },
              },
            },
            t,
          ),
        ],
        [files.python, pythonLoader(p.columns, script)],
        [files.r, rLoader(p.columns, script)],
      ];
      const parts = await closeOpen();
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
