import "server-only";
import { pythonLoader, rLoader } from "@/lib/exports/analysis-scripts";
import { exportedConfig, type ExportColumn } from "@/lib/exports/columns";
import { exportReadme } from "@/lib/exports/export-readme";
import { dictionaryCsv } from "@/lib/dictionary";
import type { StudyExportQuery } from "@/lib/schemas/study-export";
import type { StudyConfig } from "@/lib/schemas/study-config";
import type { StudyRow } from "../studies/study-queries";
import type { BatchSource } from "./export-stream";
import { ZipWriter } from "./zip-writer";

/**
 * The CSV export packaged for analysis: the data file streamed into the archive batch by batch,
 * then the data dictionary, a README describing every column, and R and Python loaders generated
 * from the same columns (so they read it with the right types, labels and dates).
 */
export function zipPackage<B>(
  inner: BatchSource<B>,
  p: {
    baseName: string;
    now: Date;
    config: StudyConfig;
    study: StudyRow;
    columns: readonly ExportColumn[];
    query: StudyExportQuery;
    total: number;
    filters: Record<string, unknown>;
  },
): BatchSource<B> {
  const zip = new ZipWriter();
  const files = {
    data: `${p.baseName}.csv`,
    dictionary: "data_dictionary.csv",
    python: "load_data.py",
    r: "load_data.R",
  };
  return {
    next: () => inner.next(),
    head: () => concat([zip.begin(files.data, p.now), zip.write(inner.head())]),
    encode(batch) {
      const { bytes, records } = inner.encode(batch);
      return { bytes: zip.write(bytes), records };
    },
    tail(records) {
      const generatedAt = p.now.toISOString();
      const script = {
        csvFile: files.data,
        valueMode: p.query.values,
        studyName: p.study.name,
        generatedAt,
      };
      return concat([
        zip.write(inner.tail(records)),
        zip.end(),
        zip.file(
          files.dictionary,
          p.now,
          dictionaryCsv(exportedConfig(p.config, { deidentify: p.query.deidentify })),
        ),
        zip.file(
          "README.md",
          p.now,
          exportReadme({
            studyName: p.study.name,
            studyCode: p.study.code,
            format: p.query.format === "csv-wide" ? "csv-wide" : "csv-long",
            valueMode: p.query.values,
            deidentified: p.query.deidentify,
            generatedAt,
            rowCount: records,
            columns: p.columns,
            filters: p.filters,
            files,
          }),
        ),
        zip.file(files.python, p.now, pythonLoader(p.columns, script)),
        zip.file(files.r, p.now, rLoader(p.columns, script)),
        zip.finish(),
      ]);
    },
    settled: (outcome) => inner.settled(outcome),
  };
}

function concat(parts: Uint8Array[]): Uint8Array {
  return Buffer.concat(parts);
}
