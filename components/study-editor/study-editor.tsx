"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useState, type ReactNode } from "react";
import { useWords } from "@/components/i18n/use-words";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Tabs } from "@/components/ui/tabs";
import { serverIssues } from "@/lib/client/apply-server-errors";
import { ApiClientError } from "@/lib/client/api-fetch";
import { discardDraft, readDraft } from "@/lib/client/draft-storage";
import { StudyLockControl } from "@/components/study-area/study-lock-control";
import { useSaveStudy, useStudy, type StudyBasics } from "@/lib/client/studies";
import { StudyConfigSchema } from "@/lib/schemas/study-config-rules";
import type { StudyConfigDocument } from "@/lib/schemas/study-config";
import { ContentLanguageProvider } from "@/components/study-text/content-language";
import { DEFAULT_LOCALE, isLocale } from "@/lib/i18n/locales";
import { STUDY_REFUSALS, StudyCreateBody } from "@/lib/schemas/studies";
import { isStaleWriteDetail } from "@/lib/schemas/versioning";
import { isBreakingSaveDetail } from "@/lib/schemas/protocol-versions";
import { configPath, type PathIssue } from "@/lib/study-editor/data-fields";
import { useFieldUsage } from "@/lib/client/field-templates";
import { BasicInfoTab } from "./basic-info-tab";
import { draftOrphanRisks, orphanQuestion } from "./data-fields/data-fields-editor";
import { EditorReadOnlyProvider, ReadOnlyFields } from "./editor-read-only";
import { EditorTabPanel } from "./editor-tab-panel";
import { editorTabs } from "./editor-tabs";
import { JsonPreview } from "./json-preview";
import { KeptDraftPanel } from "./kept-draft";
import { StudyLoadError } from "./study-load-error";
import { useEditorTab } from "./use-editor-tab";
import { useKeepDraftOnSignOut } from "./use-kept-draft";
import { useUnsavedChanges } from "./use-unsaved-changes";

const EMPTY_BASICS: StudyBasics = {
  code: "",
  name: "",
  disease: "",
  description: "",
  domain: "",
  default_language: "",
  is_active: true,
};
const emptyConfig = (): StudyConfigDocument => StudyConfigSchema.parse({ version: 1 });

type Snapshot = { basics: StudyBasics; config: StudyConfigDocument };
/** What a 401 keeps in the tab: the draft and the version it was based on (a later save checks it). */
type KeptDraft = { draft: Snapshot; version?: number };
type Status = {
  tone: "info" | "error";
  text: string;
  issues?: string[];
  stale?: boolean;
  /** Refused as breaking data already entered: the change needs an amendment. */
  governed?: boolean;
} | null;
type BasicErrors = Partial<Record<keyof StudyBasics, string>>;

const draftKey = (studyId: number | undefined) => `study:${studyId ?? "new"}`;

/** Create mode without a studyId; edit mode loads the study first. */
export function StudyEditor({ studyId, canLock = false }: { studyId?: number; canLock?: boolean }) {
  const t = useTranslations("editor");
  const study = useStudy(studyId);
  // After a Reload that replaced the user's draft with the saved version, their draft stays on
  // screen (read only) to copy from; `reloads` remounts the form on the fresh data.
  const [replacedDraft, setReplacedDraft] = useState<Snapshot | null>(null);
  const [reloads, setReloads] = useState(0);
  // What caused a reload (an approval), said after the remount the reload makes.
  const [reloadOutcome, setReloadOutcome] = useState<string | null>(null);

  if (studyId === undefined)
    return <StudyEditorForm initial={{ basics: EMPTY_BASICS, config: emptyConfig() }} />;
  if (study.isPending) return <p className="text-slate-500">{t("shell.loadingStudy")}</p>;
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
      default_language: s.default_language ?? "",
      is_active: s.is_active,
    },
    config: StudyConfigSchema.parse(s.config),
  };
  async function reload(draft: Snapshot | null, outcome?: string) {
    if (draft) setReplacedDraft(draft);
    setReloadOutcome(outcome ?? null);
    await study.refetch();
    setReloads((n) => n + 1);
  }
  return (
    <StudyEditorForm
      key={`${s.id}:${reloads}`}
      studyId={s.id}
      version={s.version}
      initial={initial}
      // A locked study is shown, not edited (docs/decisions/0034-patient-and-study-lock.md): read
      // from the study the editor loads, so a Lock or Unlock below changes the editor at once.
      readOnly={s.locked_at !== null}
      onReload={reload}
      notice={
        <>
          <StudyLockControl study={s} canLock={canLock} />
          {reloadOutcome && (
            <Alert tone="info" className="mb-4">
              {reloadOutcome}
            </Alert>
          )}
          {replacedDraft && <KeptDraftPanel draft={replacedDraft} onDismiss={() => setReplacedDraft(null)} />}
        </>
      }
    />
  );
}

function toPathIssues(issues: readonly { path: PropertyKey[]; message: string }[]): PathIssue[] {
  return issues.map((i) => ({
    path: i.path.filter((p): p is string | number => typeof p !== "symbol"),
    message: i.message,
  }));
}

function browserIssues(config: StudyConfigDocument): PathIssue[] {
  const result = StudyConfigSchema.safeParse(config);
  return result.success ? [] : toPathIssues(result.error.issues);
}

function isKeptDraft(value: unknown): value is KeptDraft {
  if (!value || typeof value !== "object" || !("draft" in value)) return false;
  const draft = (value as KeptDraft).draft;
  return !!draft && typeof draft === "object" && "basics" in draft && "config" in draft;
}

/** The editor itself: one draft of the whole study, saved in one call. */
function StudyEditorForm({
  studyId,
  version,
  initial,
  onReload,
  notice,
  readOnly = false,
}: {
  studyId?: number;
  version?: number;
  initial: Snapshot;
  /** The study is locked: every control that would change it is left out. */
  readOnly?: boolean;
  /** Reloads the saved study; a draft given stays on screen, read only, to copy from. */
  onReload?: (draft: Snapshot | null, outcome?: string) => Promise<void>;
  /** Shown under the title, e.g. the draft a Reload replaced. */
  notice?: ReactNode;
}) {
  const isCreate = studyId === undefined;
  const t = useTranslations("editor");
  const tc = useTranslations("common");
  const tUi = useTranslations("ui");
  const tf = useTranslations("editorFields");
  const words = useWords();
  const router = useRouter();
  const save = useSaveStudy(studyId);
  const [tab, setTab] = useEditorTab(isCreate);
  const [draft, setDraft] = useState<Snapshot>(initial);
  const [saved, setSaved] = useState<string>(() => JSON.stringify(initial));
  const [basedOn, setBasedOn] = useState(version);
  const [savedName, setSavedName] = useState(initial.basics.name);
  const [status, setStatus] = useState<Status>(null);
  const [restored, setRestored] = useState(false);
  const [basicErrors, setBasicErrors] = useState<BasicErrors>({});
  // Config issues of the last failed save, marked on the field cards; re-checked as the draft changes.
  const [configIssues, setConfigIssues] = useState<PathIssue[] | null>(null);
  const [failedSaves, setFailedSaves] = useState(0);
  const savedFields = useMemo(() => (JSON.parse(saved) as Snapshot).config.data_fields, [saved]);
  const usage = useFieldUsage(studyId);

  const dirty = useMemo(() => JSON.stringify(draft) !== saved, [draft, saved]);
  useUnsavedChanges(dirty && !save.isPending, t("shell.unsavedPrompt"));
  const key = draftKey(studyId);
  useKeepDraftOnSignOut(key, dirty, { draft, version: basedOn } satisfies KeptDraft);

  // A draft kept by a 401 comes back after sign-in. Read after mount: storage is per tab, and the
  // server's render has none. Taken out of storage at once; the leave guard protects it from then on.
  // A locked study's editor leaves it there: it could not be saved, and comes back once unlocked.
  useEffect(() => {
    if (readOnly) return;
    const kept = readDraft(key);
    discardDraft(key);
    if (!isKeptDraft(kept)) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- restoring browser-only state after mount
    setDraft(kept.draft);
    if (kept.version !== undefined) setBasedOn(kept.version);
    setRestored(true);
  }, [key, readOnly]);

  function discardRestored() {
    setDraft(initial);
    setBasedOn(version);
    setRestored(false);
  }

  function update(next: Snapshot) {
    setDraft(next);
    if (configIssues !== null) setConfigIssues(browserIssues(next.config));
    // A stale-write notice stays until Reload: editing on does not make the save possible.
    if (status?.tone === "error" && !status.stale) setStatus(null);
  }
  const setConfig = (config: StudyConfigDocument) => update({ ...draft, config });

  async function onSave() {
    setStatus(null);
    const basics = StudyCreateBody.pick({ code: true, name: true, disease: true, domain: true }).safeParse(
      draft.basics,
    );
    const config = StudyConfigSchema.safeParse(draft.config);
    const fieldErrors: BasicErrors = {};
    if (!basics.success)
      for (const issue of basics.error.issues)
        fieldErrors[issue.path[0] as keyof StudyBasics] ??= words(issue.message);
    setBasicErrors(fieldErrors);
    setConfigIssues(config.success ? null : toPathIssues(config.error.issues));
    if (!basics.success || !config.success) {
      const issues = [
        ...Object.values(fieldErrors),
        ...(config.success
          ? []
          : config.error.issues.map((i) => `${i.path.join(" › ")}: ${words(i.message)}`)),
      ];
      setStatus({ tone: "error", text: t("shell.fixErrors"), issues });
      if (!basics.success) setTab("basic");
      else if (config.error?.issues.some((i) => i.path[0] === "data_fields")) setTab("data-fields");
      setFailedSaves((n) => n + 1);
      return;
    }
    // Renaming or removing a field that holds data is allowed, but never unknowingly (decision 0006).
    const risks = draftOrphanRisks(isCreate ? undefined : savedFields, draft.config.data_fields, usage.data);
    if (risks.length > 0 && !window.confirm(orphanQuestion(risks, tf))) return;
    try {
      const result = await save.mutateAsync({ basics: draft.basics, config: config.data, version: basedOn });
      if (isCreate) {
        router.push(`/admin/studies?created=${result.id}`);
        return;
      }
      const next: Snapshot = { basics: { ...draft.basics, domain: result.domain }, config: config.data };
      setDraft(next);
      setSaved(JSON.stringify(next));
      setBasedOn(result.version);
      setSavedName(result.name);
      setRestored(false);
      setStatus({ tone: "info", text: t("shell.saved") });
    } catch (error) {
      onSaveError(error);
    }
  }

  function onSaveError(error: unknown) {
    const detail = error instanceof ApiClientError ? error.detail : null;
    const text = t("shell.saveError", { detail: error instanceof Error ? error.message : String(error) });
    if (error instanceof ApiClientError && error.status === 409 && isStaleWriteDetail(detail)) {
      setStatus({ tone: "error", text, stale: true });
      return;
    }
    if (error instanceof ApiClientError && error.status === 409 && isBreakingSaveDetail(detail)) {
      setStatus({ tone: "error", text, governed: true });
      return;
    }
    // A taken code or subdomain, or a server-side rule on a basic field, marks the field as well.
    const fieldErrors: BasicErrors = {};
    // Told by the refusal's type, which no language changes (decision 0021); shown in its words.
    const refusal = error instanceof ApiClientError ? error.type : null;
    if (refusal === STUDY_REFUSALS.codeTaken && typeof detail === "string") fieldErrors.code = detail;
    if (refusal === STUDY_REFUSALS.domainTaken && typeof detail === "string") fieldErrors.domain = detail;
    // The one reading of a 422 (lib/client/apply-server-errors.ts): basic fields, config paths.
    const found = serverIssues(error);
    for (const issue of found) {
      const [where, field] = issue.loc;
      if (where === "body" && typeof field === "string" && field in EMPTY_BASICS && issue.loc.length === 2)
        fieldErrors[field as keyof StudyBasics] ??= issue.msg;
    }
    const issues = Array.isArray(detail)
      ? found.map((issue) => `${issue.loc.slice(1).join(" › ")}: ${issue.msg}`)
      : undefined;
    const serverConfigIssues = found.flatMap((issue) => {
      const path = issue.loc[1] === "config" ? configPath(issue.loc) : null;
      return path ? [{ path, message: issue.msg }] : [];
    });
    if (serverConfigIssues.length > 0) {
      setConfigIssues(serverConfigIssues);
      setFailedSaves((n) => n + 1);
      if (serverConfigIssues.some((i) => i.path[0] === "data_fields")) setTab("data-fields");
    }
    if (Object.keys(fieldErrors).length > 0) {
      setBasicErrors(fieldErrors);
      setTab("basic");
    }
    setStatus({ tone: "error", text, issues });
  }

  return (
    // The study's plain texts are in the default language chosen in Basic Info (decision 0022).
    <ContentLanguageProvider
      language={isLocale(draft.basics.default_language) ? draft.basics.default_language : DEFAULT_LOCALE}
    >
      <EditorReadOnlyProvider readOnly={readOnly}>
        <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-semibold">
            {isCreate ? t("shell.createTitle") : t("shell.editTitle", { name: savedName })}
          </h1>
          <div className="flex items-center gap-2">
            {dirty && <span className="text-sm text-amber-700">{t("shell.unsavedChanges")}</span>}
            <Link
              href="/admin/studies"
              className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100"
              onClick={(event) => {
                // The page-wide guard asks too; stop it asking twice.
                if (dirty && !window.confirm(t("shell.unsavedPrompt"))) event.preventDefault();
                event.nativeEvent.stopImmediatePropagation();
              }}
            >
              {readOnly ? tUi("backToStudies") : tc("actions.cancel")}
            </Link>
            {!readOnly && (
              <Button onClick={onSave} disabled={save.isPending}>
                {save.isPending ? tc("states.saving") : t("shell.saveStudy")}
              </Button>
            )}
          </div>
        </div>
        {notice}
        {restored && (
          <Alert tone="info" className="mb-4 flex flex-wrap items-center justify-between gap-2">
            <span>{t("shell.restored")}</span>
            <Button variant="secondary" onClick={discardRestored}>
              {t("shell.discardRestored")}
            </Button>
          </Alert>
        )}
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
            {status.governed && (
              <div className="mt-2">
                <Button variant="secondary" onClick={() => setTab("version-history")}>
                  {t("shell.openVersionHistory")}
                </Button>
              </div>
            )}
            {status.stale && onReload && (
              <div className="mt-2 flex flex-wrap items-center gap-3">
                <p>{t("shell.staleNote")}</p>
                <Button variant="secondary" onClick={() => void onReload(draft)}>
                  {t("shell.reload")}
                </Button>
              </div>
            )}
          </Alert>
        )}
        <Tabs
          label={t("shell.configurationTabs")}
          tabs={editorTabs(isCreate).map((item) => ({ key: item.key, label: t(`tabs.${item.key}`) }))}
          active={tab}
          onChange={setTab}
        >
          {tab === "basic" ? (
            <ReadOnlyFields>
              <BasicInfoTab
                basics={draft.basics}
                onChange={(basics) => update({ ...draft, basics })}
                isCreate={isCreate}
                errors={basicErrors}
              />
            </ReadOnlyFields>
          ) : (
            <EditorTabPanel
              tab={tab}
              config={draft.config}
              onChange={setConfig}
              studyId={studyId}
              savedFields={isCreate ? undefined : savedFields}
              issues={configIssues ?? undefined}
              revealIssues={failedSaves}
              onTabChange={setTab}
              dictionary={
                isCreate || basedOn === undefined
                  ? undefined
                  : {
                      version: basedOn,
                      dirty,
                      // The import saved a new config: the editor reloads the study (nothing unsaved to keep).
                      onImported: (result) =>
                        void onReload?.(
                          null,
                          t("shell.dictionaryImported", {
                            created: result.created,
                            updated: result.updated,
                            kept: result.kept,
                          }),
                        ),
                    }
              }
              // The approved version is now the live config: the editor reloads it, keeping aside (read
              // only) any unsaved work the approval did not carry.
              onVersionApproved={(approved) => {
                const carried =
                  JSON.stringify({ ...draft, config: approved }) ===
                  JSON.stringify({ ...(JSON.parse(saved) as Snapshot), config: approved });
                void onReload?.(carried ? null : draft, t("shell.versionApproved"));
              }}
            />
          )}
        </Tabs>
        <JsonPreview config={draft.config} />
      </EditorReadOnlyProvider>
    </ContentLanguageProvider>
  );
}
