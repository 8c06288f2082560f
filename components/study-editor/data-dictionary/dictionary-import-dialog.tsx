"use client";

import { useTranslations } from "next-intl";
import { useId, useState, type ChangeEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useImportDictionary, usePreviewDictionary } from "@/lib/client/data-dictionary";
import type { DictionaryImportResponse, DictionaryPreviewResponse } from "@/lib/schemas/data-dictionary";
import { canApply, DictionaryPreview } from "./dictionary-preview";

type Props = {
  studyId: number;
  /** The study version the editor's saved state is at (the import is refused if it moved on). */
  version: number;
  /** The editor has unsaved changes: importing is refused until they are saved or discarded. */
  dirty: boolean;
  onClose: () => void;
  onImported: (result: DictionaryImportResponse) => void;
};

/** Import data dictionary: choose a CSV, see what it would change, apply it. */
export function DictionaryImportDialog({ studyId, version, dirty, onClose, onImported }: Props) {
  const inputId = useId();
  const t = useTranslations("editor.dictionary");
  const tc = useTranslations("common.actions");
  const previewCall = usePreviewDictionary(studyId);
  const importCall = useImportDictionary(studyId);
  const [file, setFile] = useState<{ name: string; csv: string } | null>(null);
  const [preview, setPreview] = useState<DictionaryPreviewResponse | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    setPreview(null);
    setError(null);
    setFile(null);
    if (!chosen) return;
    try {
      const csv = await chosen.text();
      setFile({ name: chosen.name, csv });
      setPreview(await previewCall.mutateAsync(csv));
    } catch (failure) {
      setError(
        t("previewFailed", {
          file: chosen.name,
          detail: failure instanceof Error ? failure.message : String(failure),
        }),
      );
    }
  }

  async function apply() {
    if (!file) return;
    setError(null);
    try {
      onImported(await importCall.mutateAsync({ csv: file.csv, version }));
    } catch (failure) {
      setError(t("importRefused", { detail: failure instanceof Error ? failure.message : String(failure) }));
    }
  }

  const pending = previewCall.isPending || importCall.isPending;
  const ready = !dirty && !!file && !!preview && canApply(preview) && !pending;
  return (
    <Dialog
      open
      onClose={onClose}
      title={t("import")}
      description={t("description")}
      className="max-w-3xl"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={importCall.isPending}>
            {tc("cancel")}
          </Button>
          <Button onClick={() => void apply()} disabled={!ready}>
            {importCall.isPending ? t("importing") : t("apply")}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {dirty && <Alert>{t("dirty")}</Alert>}
        <div>
          <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-slate-800">
            {t("fileLabel")}
          </label>
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            disabled={dirty || pending}
            onChange={(event) => void onFile(event)}
            className="block w-full max-w-full text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5"
          />
        </div>
        {previewCall.isPending && <p role="status">{t("checking", { file: file?.name ?? t("theFile") })}</p>}
        {error && <Alert>{error}</Alert>}
        {preview && <DictionaryPreview preview={preview} />}
      </div>
    </Dialog>
  );
}
