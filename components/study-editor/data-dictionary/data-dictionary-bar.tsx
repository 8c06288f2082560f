"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { dataDictionaryUrl } from "@/lib/client/data-dictionary";
import type { DictionaryImportResponse } from "@/lib/schemas/data-dictionary";
import { DictionaryImportDialog } from "./dictionary-import-dialog";
import { useEditorReadOnly } from "../editor-read-only";

export type DictionaryBarProps = {
  studyId: number;
  version: number;
  dirty: boolean;
  onImported: (result: DictionaryImportResponse) => void;
};

/**
 * Download / Import data dictionary, above the Data Fields editor of a saved study; a locked study's
 * dictionary is downloaded only.
 */
export function DataDictionaryBar({ studyId, version, dirty, onImported }: DictionaryBarProps) {
  const t = useTranslations("editor.dictionary");
  const readOnly = useEditorReadOnly();
  const [open, setOpen] = useState(false);
  return (
    <div className="mb-4 flex flex-wrap items-center gap-2" role="group" aria-label={t("group")}>
      <a
        href={dataDictionaryUrl(studyId)}
        download
        className="inline-flex items-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100"
      >
        {t("download")}
      </a>
      {!readOnly && (
        <Button variant="secondary" onClick={() => setOpen(true)}>
          {t("import")}
        </Button>
      )}
      {open && (
        <DictionaryImportDialog
          studyId={studyId}
          version={version}
          dirty={dirty}
          onClose={() => setOpen(false)}
          onImported={(result) => {
            setOpen(false);
            onImported(result);
          }}
        />
      )}
    </div>
  );
}
