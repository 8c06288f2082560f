"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Tabs } from "@/components/ui/tabs";
import { ApiClientError } from "@/lib/client/api-fetch";
import { useSaveStudy, useStudy, type StudyBasics } from "@/lib/client/studies";
import { StudyConfigSchema } from "@/lib/schemas/study-config-rules";
import type { StudyConfig } from "@/lib/schemas/study-config";
import { StudyCreateBody } from "@/lib/schemas/studies";
import { BasicInfoTab } from "./basic-info-tab";
import { EditorTabPanel } from "./editor-tab-panel";
import { editorTabs } from "./editor-tabs";
import { JsonPreview } from "./json-preview";
import { StudyLoadError } from "./study-load-error";
import { useEditorTab } from "./use-editor-tab";
import { UNSAVED_CHANGES_PROMPT, useUnsavedChanges } from "./use-unsaved-changes";

const EMPTY_BASICS: StudyBasics = {
  code: "",
  name: "",
  disease: "",
  description: "",
  domain: "",
  is_active: true,
};
const emptyConfig = (): StudyConfig => StudyConfigSchema.parse({ version: 1 });

type Snapshot = { basics: StudyBasics; config: StudyConfig };
type Status = { tone: "info" | "error"; text: string; issues?: string[] } | null;

/** Create mode without a studyId; edit mode loads the study first. */
export function StudyEditor({ studyId }: { studyId?: number }) {
  const study = useStudy(studyId);
  if (studyId === undefined)
    return <StudyEditorForm initial={{ basics: EMPTY_BASICS, config: emptyConfig() }} />;
  if (study.isPending) return <p className="text-slate-500">Loading study...</p>;
  if (study.error)
    return (
      <StudyLoadError error={study.error} retrying={study.isFetching} onRetry={() => void study.refetch()} />
    );
  const s = study.data;
  const initial: Snapshot = {
    basics: {
      code: s.code,
      name: s.name,
      disease: s.disease,
      description: s.description ?? "",
      domain: s.domain,
      is_active: s.is_active,
    },
    config: StudyConfigSchema.parse(s.config),
  };
  return <StudyEditorForm key={s.id} studyId={s.id} initial={initial} />;
}

/** The editor itself: one draft of the whole study, saved in one call. */
function StudyEditorForm({ studyId, initial }: { studyId?: number; initial: Snapshot }) {
  const isCreate = studyId === undefined;
  const router = useRouter();
  const save = useSaveStudy(studyId);
  const [tab, setTab] = useEditorTab(isCreate);
  const [draft, setDraft] = useState<Snapshot>(initial);
  const [saved, setSaved] = useState<string>(() => JSON.stringify(initial));
  const [savedName, setSavedName] = useState(initial.basics.name);
  const [status, setStatus] = useState<Status>(null);
  const [basicErrors, setBasicErrors] = useState<Partial<Record<keyof StudyBasics, string>>>({});

  const dirty = useMemo(() => JSON.stringify(draft) !== saved, [draft, saved]);
  useUnsavedChanges(dirty && !save.isPending);

  function update(next: Snapshot) {
    setDraft(next);
    if (status?.tone === "error") setStatus(null);
  }
  const setConfig = (config: StudyConfig) => update({ ...draft, config });

  async function onSave() {
    setStatus(null);
    const basics = StudyCreateBody.pick({ code: true, name: true, disease: true, domain: true }).safeParse(
      draft.basics,
    );
    const config = StudyConfigSchema.safeParse(draft.config);
    const fieldErrors: Partial<Record<keyof StudyBasics, string>> = {};
    if (!basics.success)
      for (const issue of basics.error.issues)
        fieldErrors[issue.path[0] as keyof StudyBasics] ??= issue.message;
    setBasicErrors(fieldErrors);
    if (!basics.success || !config.success) {
      const issues = [
        ...Object.values(fieldErrors),
        ...(config.success ? [] : config.error.issues.map((i) => `${i.path.join(" › ")}: ${i.message}`)),
      ];
      setStatus({ tone: "error", text: "Please fix the highlighted errors before saving.", issues });
      if (!basics.success) setTab("basic");
      return;
    }
    try {
      const result = await save.mutateAsync({ basics: draft.basics, config: config.data });
      const next: Snapshot = { basics: { ...draft.basics, domain: result.domain }, config: config.data };
      setDraft(next);
      setSaved(JSON.stringify(next));
      setSavedName(result.name);
      setStatus({ tone: "info", text: "Study saved successfully!" });
      if (isCreate) router.push("/admin/studies");
    } catch (error) {
      const issues =
        error instanceof ApiClientError && Array.isArray(error.detail)
          ? error.detail.map(
              (d: { loc?: unknown[]; msg?: string }) =>
                `${(d.loc ?? []).slice(1).join(" › ")}: ${d.msg ?? ""}`,
            )
          : undefined;
      setStatus({
        tone: "error",
        text: `Error saving study: ${error instanceof Error ? error.message : String(error)}`,
        issues,
      });
    }
  }

  return (
    <div>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">
          {isCreate ? "Create New Study" : `Edit Study: ${savedName}`}
        </h1>
        <div className="flex items-center gap-2">
          {dirty && <span className="text-sm text-amber-700">Unsaved changes</span>}
          <Link
            href="/admin/studies"
            className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100"
            onClick={(event) => {
              // The page-wide guard asks too; stop it asking twice.
              if (dirty && !window.confirm(UNSAVED_CHANGES_PROMPT)) event.preventDefault();
              event.nativeEvent.stopImmediatePropagation();
            }}
          >
            Cancel
          </Link>
          <Button onClick={onSave} disabled={save.isPending}>
            {save.isPending ? "Saving..." : "Save Study"}
          </Button>
        </div>
      </div>
      {status && (
        <Alert tone={status.tone} className="mb-4">
          <p>{status.text}</p>
          {status.issues && status.issues.length > 0 && (
            <ul className="mt-1 list-disc pl-5">
              {status.issues.map((issue, i) => (
                <li key={i}>{issue}</li>
              ))}
            </ul>
          )}
        </Alert>
      )}
      <Tabs label="Study configuration" tabs={editorTabs(isCreate)} active={tab} onChange={setTab}>
        {tab === "basic" ? (
          <BasicInfoTab
            basics={draft.basics}
            onChange={(basics) => update({ ...draft, basics })}
            isCreate={isCreate}
            errors={basicErrors}
          />
        ) : (
          <EditorTabPanel tab={tab} config={draft.config} onChange={setConfig} />
        )}
      </Tabs>
      <JsonPreview config={draft.config} />
    </div>
  );
}
