"use client";

import { useTranslations } from "next-intl";
import { DEFAULT_SIGNATURE_MEANINGS, type StudyConfigDocument } from "@/lib/schemas/study-config";
import type { PathIssue } from "@/lib/study-editor/data-fields";
import { CodedListEditor, type CodedListSpec } from "../coded-list/coded-list-editor";

export type SignatureMeaningDocument = NonNullable<
  NonNullable<StudyConfigDocument["signatures"]>["meanings"]
>[number];

type Props = {
  /** The document's `signatures.meanings`; undefined = the three standard meanings (decision 0032). */
  meanings: SignatureMeaningDocument[] | undefined;
  onChange: (next: SignatureMeaningDocument[] | undefined) => void;
  /** Config issues of the last save attempt (only `signatures.meanings` paths are read). */
  issues?: readonly PathIssue[];
};

const SIGNATURE_MEANINGS: CodedListSpec<"key"> = {
  idProperty: "key",
  // SIGNATURE_MEANING_KEY takes lowercase only, at most 32.
  normalizeId: (typed) => typed.toLowerCase(),
  idMaxLength: 32,
  columnsClassName: "sm:grid-cols-[10rem_1fr]",
  defaults: DEFAULT_SIGNATURE_MEANINGS,
  issuePath: ["signatures", "meanings"],
  idBase: "signature-meaning",
  // A part of the signature settings' card.
  headingLevel: 4,
};

/**
 * The meanings a signer chooses from (docs/decisions/0032, 21 CFR 11.50(a)(3)): key and words in
 * both languages, added, edited, removed and reordered, as the missing-data codes are (decision
 * 0023). A study without its own list offers the standard meanings; editing copies them into the
 * document, "Use the standard meanings" takes the list out again, so an untouched study keeps its
 * document byte for byte. The keys and words are checked by the configuration's schema on save.
 */
export function SignatureMeaningsEditor({ meanings, onChange, issues = [] }: Props) {
  const t = useTranslations("editorSettings.signatures.meanings");
  return (
    <CodedListEditor spec={SIGNATURE_MEANINGS} t={t} entries={meanings} onChange={onChange} issues={issues} />
  );
}
