/**
 * Shared by the import reader's tests (docs/decisions/0037): the demo study, and a file read the
 * way the server reads an upload (a byte stream cut into chunks, records streamed, then the reader).
 */
import { DEMO_STUDY_CONFIG } from "@/db/seed/demo-study-config";
import { configIn } from "@/lib/i18n/study-config-language";
import type { ImportFormat } from "@/lib/imports/import-formats";
import { createImportReader } from "@/lib/imports/import-reader";
import type { ImportedGroup, ImportIssue } from "@/lib/imports/import-records";
import { StudyConfigShape, type StudyConfig } from "@/lib/schemas/study-config";
import { openCsvRecords } from "@/lib/server/imports/csv-records";

export const demoConfig = (): StudyConfig => configIn(StudyConfigShape.parse(DEMO_STUDY_CONFIG), "en");

/** The bytes as a web stream, `chunk` bytes at a time (a multi-byte character may be cut). */
export function byteStream(bytes: Uint8Array, chunk: number): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) controller.close();
      else {
        controller.enqueue(bytes.subarray(at, at + chunk));
        at += chunk;
      }
    },
  });
}

export type ReadResult = {
  groups: ImportedGroup[];
  /** Issues of the header, the CSV reading and every group, in that order. */
  issues: ImportIssue[];
  headerIssues: ImportIssue[];
  ignored: string[];
  events: ReturnType<ReturnType<typeof createImportReader>["events"]>;
  separator: string;
};

export async function readImport(
  input: string | Uint8Array,
  format: ImportFormat,
  options: {
    chunk?: number;
    eventMap?: Record<string, string>;
    config?: StudyConfig;
    maxRecordChars?: number;
  } = {},
): Promise<ReadResult> {
  const bytes = typeof input === "string" ? new TextEncoder().encode(input) : input;
  const { dialect, items } = await openCsvRecords(
    byteStream(bytes, options.chunk ?? 4096),
    options.maxRecordChars,
  );
  const reader = createImportReader(options.config ?? demoConfig(), format, {
    dialect,
    ...(options.eventMap ? { eventMap: options.eventMap } : {}),
  });
  const groups: ImportedGroup[] = [];
  const csvIssues: ImportIssue[] = [];
  let headerIssues: ImportIssue[] | null = null;
  for await (const item of items) {
    if (item.issue) csvIssues.push(item.issue);
    else if (headerIssues === null) headerIssues = reader.header(item.cells);
    else groups.push(...reader.record(item.cells, item.row));
  }
  groups.push(...reader.end());
  return {
    groups,
    headerIssues: headerIssues ?? [],
    issues: [...(headerIssues ?? []), ...csvIssues, ...groups.flatMap((group) => group.issues)],
    ignored: reader.ignoredColumns(),
    events: reader.events(),
    separator: dialect.separator,
  };
}

/** An issue as the tests compare it: where, what, and whether it blocks. */
export const where = (issue: ImportIssue) => ({
  row: issue.row,
  column: issue.column,
  code: issue.code,
  blocking: issue.blocking,
});
