"use client";

import { useTranslations } from "next-intl";
import { DEFAULT_MISSING_CODES, type MissingCodeDocument } from "@/lib/schemas/study-config";
import type { PathIssue } from "@/lib/study-editor/data-fields";
import { CodedListEditor, type CodedListSpec } from "../coded-list/coded-list-editor";

type Props = {
  /** The document's list; undefined = the study offers the five standard codes (decision 0023). */
  codes: MissingCodeDocument[] | undefined;
  onChange: (next: MissingCodeDocument[] | undefined) => void;
  /** Config issues of the last save attempt (only `missing_codes` paths are read). */
  issues?: readonly PathIssue[];
};

const MISSING_CODES: CodedListSpec<"code"> = {
  idProperty: "code",
  // The configuration's rule takes capitals only (MISSING_CODE_PATTERN), at most 16.
  normalizeId: (typed) => typed.toUpperCase(),
  idMaxLength: 16,
  columnsClassName: "sm:grid-cols-[8rem_1fr]",
  defaults: DEFAULT_MISSING_CODES,
  issuePath: ["missing_codes"],
  idBase: "missing-code",
  headingLevel: 3,
};

/**
 * The study's missing-data codes (docs/decisions/0023): code and label in both languages, added,
 * edited, removed and reordered. A study without its own list offers the standard codes; editing
 * copies them into the document, "Use the standard codes" takes the list out again. The codes are
 * checked by the configuration's own rules on save (unique, capitals: study-config-rules.ts).
 */
export function MissingCodesEditor({ codes, onChange, issues = [] }: Props) {
  const t = useTranslations("missing.editor");
  return <CodedListEditor spec={MISSING_CODES} t={t} entries={codes} onChange={onChange} issues={issues} />;
}
