"use client";

import { useTranslations } from "next-intl";
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Tabs } from "@/components/ui/tabs";
import { useStudyWords } from "@/components/study-text/content-language";
import type { FieldTemplate } from "@/lib/schemas/field-templates";
import type { CategoryDocument, DataFieldDocument, FieldEntity, FieldType } from "@/lib/schemas/study-config";
import { categoriesForEntity } from "@/lib/study-editor/categories";
import type { ConditionTarget } from "@/lib/study-editor/conditions";
import {
  DATA_FIELD_MESSAGES,
  fieldIssues,
  importTemplateFields,
  newField,
  orphanRisks,
  type FieldUsageCounts,
  type OrphanRisk,
  type PathIssue,
} from "@/lib/study-editor/data-fields";
import { AddFieldDialog } from "./add-field-dialog";
import { FieldCard } from "./field-card";
import { FieldNav, type NavGroup } from "./field-nav";
import { SaveTemplateDialog } from "./save-template-dialog";
import { TemplateLibraryDialog } from "./template-library-dialog";
import { useEditorReadOnly } from "../editor-read-only";

export type DataFieldsEditorProps = {
  dataFields: DataFieldDocument[];
  categories: CategoryDocument[];
  /** The entity tab open; the live preview beside the editor follows it. */
  entity: FieldEntity;
  onEntityChange: (entity: FieldEntity) => void;
  onChange: (next: DataFieldDocument[]) => void;
  /** Config issues from the last save attempt (browser check or server 422), paths from the config. */
  issues?: readonly PathIssue[];
  /** Changes with each failed save: then the first field in error is brought into view. */
  revealIssues?: number;
  /** The fields as last saved, and how many records hold a value per name: for the data warnings. */
  savedFields?: readonly DataFieldDocument[];
  usage?: FieldUsageCounts;
  onGoToCategories?: () => void;
};

/** The Data Fields words (`editorFields`, docs/decisions/0021). */
export type FieldsTranslator = ReturnType<typeof useTranslations<"editorFields">>;
const HIGHLIGHT_MS = 2000;
const NO_TARGETS: readonly ConditionTarget[] = [];

// A field's identity in the editor survives edits (each edit makes a new object) and tab switches
// (the draft keeps the objects): the id and the saved name it started from follow the object.
const uids = new WeakMap<DataFieldDocument, string>();
const origins = new WeakMap<DataFieldDocument, string | null>();
let nextUid = 0;
function uidOf(field: DataFieldDocument): string {
  let uid = uids.get(field);
  if (!uid) {
    uid = `f${++nextUid}`;
    uids.set(field, uid);
  }
  return uid;
}
/** The name the field had when loaded; null for a field added in this draft. */
function originOf(field: DataFieldDocument): string | null {
  return origins.has(field) ? (origins.get(field) ?? null) : field.name;
}
function succeed(previous: DataFieldDocument, next: DataFieldDocument) {
  uids.set(next, uidOf(previous));
  origins.set(next, originOf(previous));
}
function added(field: DataFieldDocument): DataFieldDocument {
  uidOf(field);
  origins.set(field, null);
  return field;
}

/**
 * The Data Fields tab (spec §2): Patient Fields / Visit Fields tabs with counts, navigation by
 * category, the add-field modal, one card per field, templates in and out. Controlled: every change
 * goes out through `onChange`; the study is saved as a whole by the editor's Save Study.
 */
export function DataFieldsEditor(props: DataFieldsEditorProps) {
  const { dataFields, categories, entity, onEntityChange, issues, usage } = props;
  const t = useTranslations("editorFields");
  const readOnly = useEditorReadOnly();
  const studyWords = useStudyWords();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const [dialog, setDialog] = useState<"add" | "library" | "save" | null>(null);
  const [notice, setNotice] = useState<{ tone: "info" | "error"; text: string } | null>(null);
  // The card to bring into view after the next render (a new, imported or failing field).
  const scrollTo = useRef<string | null>(null);

  // Callbacks handed to the cards never change, so a card re-renders only when its own props do.
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });

  const onCardChange = useCallback((uid: string, next: DataFieldDocument) => {
    const list = latest.current.dataFields;
    const index = list.findIndex((f) => uidOf(f) === uid);
    const previous = list[index];
    if (!previous) return;
    succeed(previous, next);
    latest.current.onChange(list.map((f, i) => (i === index ? next : f)));
  }, []);

  const onCardDelete = useCallback(
    (uid: string) => {
      const { dataFields: list, usage: counts } = latest.current;
      const field = list.find((f) => uidOf(f) === uid);
      if (!field) return;
      const origin = originOf(field);
      const count = origin ? (counts?.[field.entity]?.[origin] ?? 0) : 0;
      const question =
        count > 0
          ? t("deleteConfirmData", { label: studyWords(field.label), count })
          : t("deleteConfirm", { label: studyWords(field.label) });
      if (!window.confirm(question)) return;
      latest.current.onChange(list.filter((f) => f !== field));
      setSelected((s) => without(s, uid));
    },
    [t, studyWords],
  );

  const onToggle = useCallback(
    (uid: string) => setExpanded((s) => (s.has(uid) ? without(s, uid) : new Set(s).add(uid))),
    [],
  );
  const onSelect = useCallback(
    (uid: string, on: boolean) => setSelected((s) => (on ? new Set(s).add(uid) : without(s, uid))),
    [],
  );

  const entityCategories = useMemo(() => categoriesForEntity(categories, entity), [categories, entity]);
  const entries = useMemo(
    () =>
      dataFields
        .map((field, index) => ({ field, index, uid: uidOf(field) }))
        .filter((e) => e.field.entity === entity),
    [dataFields, entity],
  );
  const counts = useMemo(
    () => ({
      patient: dataFields.filter((f) => f.entity === "patient").length,
      visit: dataFields.filter((f) => f.entity === "visit").length,
    }),
    [dataFields],
  );
  const targets = useMemo<ConditionTarget[]>(
    () =>
      entries.map(({ field }) => ({
        name: field.name,
        label: field.label,
        type: field.type,
        options: field.options,
      })),
    [entries],
  );

  // Messages per card, kept as the same object while unchanged (so the memo holds).
  const byIndex = useMemo(() => fieldIssues(issues ?? []), [issues]);
  // A save that failed on a field: open its entity tab and bring the first such card into view.
  const { revealIssues } = props;
  useEffect(() => {
    if (!revealIssues) return;
    const first = [...fieldIssues(latest.current.issues ?? []).keys()].sort((a, b) => a - b)[0];
    const field = first === undefined ? undefined : latest.current.dataFields[first];
    if (!field) return;
    if (field.entity !== latest.current.entity) latest.current.onEntityChange(field.entity);
    scrollTo.current = uidOf(field);
  }, [revealIssues]);
  useEffect(() => {
    const card = scrollTo.current && document.getElementById(`field-card-${scrollTo.current}`);
    if (!card) return; // not rendered yet (its entity tab opens first)
    card.scrollIntoView({ block: "center", behavior: "smooth" });
    scrollTo.current = null;
  });

  useEffect(() => {
    if (!highlighted) return;
    const timer = setTimeout(() => setHighlighted(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlighted]);

  const navigate = useCallback((uid: string) => {
    setHighlighted(uid);
    const card = document.getElementById(`field-card-${uid}`);
    card?.scrollIntoView({ block: "center", behavior: "smooth" });
    card?.querySelector<HTMLElement>("button[aria-expanded]")?.focus({ preventScroll: true });
  }, []);

  const navGroups = useMemo<NavGroup[]>(() => {
    const codes = new Set(entityCategories.map((c) => c.code));
    const groups: NavGroup[] = entityCategories.map((c) => ({
      key: c.code,
      label: studyWords(c.label),
      items: [],
    }));
    const loose: NavGroup = { key: "", label: t("uncategorized"), items: [] };
    for (const { field, uid } of [...entries].sort((a, b) => (a.field.order ?? 0) - (b.field.order ?? 0))) {
      const group =
        field.category && codes.has(field.category) ? groups.find((g) => g.key === field.category) : loose;
      group?.items.push({
        uid,
        label: studyWords(field.label) || field.name,
        hasError: byIndex.has(dataFields.indexOf(field)),
      });
    }
    return [...groups, loose].filter((g) => g.items.length > 0);
  }, [entries, entityCategories, byIndex, dataFields, t, studyWords]);

  const risks = useMemo(
    () => draftOrphanRisks(props.savedFields, dataFields, usage),
    [props.savedFields, usage, dataFields],
  );

  function add(type: FieldType) {
    const category = entityCategories[0]?.code ?? null;
    const field = added(newField(dataFields, entity, type, category));
    props.onChange([...dataFields, field]);
    setDialog(null);
    setExpanded((s) => new Set(s).add(uidOf(field)));
    scrollTo.current = uidOf(field);
    setNotice(null);
  }

  function importTemplate(template: FieldTemplate) {
    const imported = importTemplateFields(
      dataFields,
      entity,
      template.fields,
      new Set(entityCategories.map((c) => c.code)),
    ).map(added);
    props.onChange([...dataFields, ...imported]);
    setDialog(null);
    setNotice({
      tone: "info",
      text: t("imported", {
        count: imported.length,
        template: template.name,
        names: imported.map((f) => f.name).join(", "),
      }),
    });
    const first = imported[0];
    if (first) scrollTo.current = uidOf(first);
  }

  const selectedFields = entries.filter((e) => selected.has(e.uid)).map((e) => e.field);
  const mono = (chunks: ReactNode) => <code className="font-mono">{chunks}</code>;

  return (
    <section aria-labelledby="data-fields-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="data-fields-heading" className="text-lg font-semibold text-slate-900">
            {t("heading")}
          </h2>
          <p className="text-sm text-slate-600">{t("intro")}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {!readOnly && (
            <>
              <Button onClick={() => setDialog("add")}>{t("addField")}</Button>
              <Button variant="secondary" onClick={() => setDialog("library")}>
                {t("templates")}
              </Button>
            </>
          )}
          <Button
            variant="secondary"
            onClick={() => {
              if (selectedFields.length === 0) setNotice({ tone: "error", text: t("selectAtLeastOne") });
              else setDialog("save");
            }}
          >
            {selectedFields.length > 0
              ? t("saveAsTemplateCount", { count: selectedFields.length })
              : t("saveAsTemplate")}
          </Button>
        </div>
      </div>

      {notice && (
        <Alert tone={notice.tone} className="flex items-start justify-between gap-2">
          <span>{notice.text}</span>
          <button type="button" className="text-xs underline" onClick={() => setNotice(null)}>
            {t("dismiss")}
          </button>
        </Alert>
      )}
      {risks.length > 0 && (
        <Alert tone="error">
          <p className="font-medium">{t("risksHeading")}</p>
          <ul className="mt-1 list-disc pl-5">
            {risks.map((r) => (
              <li key={`${r.entity}:${r.name}`}>
                {t.rich("riskLine", {
                  entity: r.entity,
                  name: r.name,
                  kind: r.kind,
                  count: r.count,
                  mono,
                })}
              </li>
            ))}
          </ul>
          <p className="mt-1">{t("risksNote")}</p>
        </Alert>
      )}

      <Tabs
        label={t("entityTabs")}
        tabs={[
          { key: "patient", label: t("patientFields", { count: counts.patient }) },
          { key: "visit", label: t("visitFields", { count: counts.visit }) },
        ]}
        active={entity}
        onChange={(next) => onEntityChange(next)}
      >
        {entityCategories.length === 0 && (
          <div
            role="status"
            className="mb-4 flex flex-wrap items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
          >
            <span>{entity === "patient" ? t("noPatientCategories") : t("noVisitCategories")}</span>
            {props.onGoToCategories && (
              <button type="button" className="font-medium underline" onClick={props.onGoToCategories}>
                {t("goToCategories")}
              </button>
            )}
          </div>
        )}
        <div className="flex flex-col gap-4 lg:flex-row lg:items-start">
          <FieldNav groups={navGroups} onNavigate={navigate} />
          <div className="min-w-0 flex-1">
            {entries.length === 0 ? (
              <p className="rounded-md border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
                {entity === "patient" ? t("noPatientFields") : t("noVisitFields")}
              </p>
            ) : (
              <ul
                className="space-y-2"
                aria-label={entity === "patient" ? t("patientFieldList") : t("visitFieldList")}
              >
                {entries.map(({ field, index, uid }) => {
                  const errors = byIndex.get(index);
                  const isOpen = expanded.has(uid) || !!errors;
                  return (
                    <FieldCard
                      key={uid}
                      uid={uid}
                      field={field}
                      errors={errors}
                      expanded={isOpen}
                      highlighted={highlighted === uid}
                      selected={selected.has(uid)}
                      targets={isOpen ? targets.filter((t) => t.name !== field.name) : NO_TARGETS}
                      categories={entityCategories}
                      isNew={originOf(field) === null}
                      dataWarning={dataWarning(field, usage, t)}
                      onChange={onCardChange}
                      onDelete={onCardDelete}
                      onToggle={onToggle}
                      onSelect={onSelect}
                    />
                  );
                })}
              </ul>
            )}
          </div>
        </div>
      </Tabs>

      <AddFieldDialog open={dialog === "add"} entity={entity} onPick={add} onClose={() => setDialog(null)} />
      <TemplateLibraryDialog
        open={dialog === "library"}
        entity={entity}
        onImport={importTemplate}
        onClose={() => setDialog(null)}
      />
      <SaveTemplateDialog
        open={dialog === "save"}
        fields={selectedFields}
        onSaved={(text) => {
          setDialog(null);
          setSelected(new Set());
          setNotice({ tone: "info", text });
        }}
        onClose={() => setDialog(null)}
      />
    </section>
  );
}

export { DATA_FIELD_MESSAGES };

/** Saved fields holding data that the draft renamed or removed (what became of each is tracked here). */
export function draftOrphanRisks(
  savedFields: readonly DataFieldDocument[] | undefined,
  dataFields: readonly DataFieldDocument[],
  usage: FieldUsageCounts | undefined,
): OrphanRisk[] {
  if (!savedFields || !usage) return [];
  return orphanRisks(savedFields, usage, (saved) => {
    const now = dataFields.find((f) => f.entity === saved.entity && originOf(f) === saved.name);
    return now ? now.name : null;
  });
}

/** The question Save Study asks before it leaves data behind. */
export function orphanQuestion(risks: readonly OrphanRisk[], t: FieldsTranslator): string {
  const lines = risks.map((r) =>
    t("orphanLine", { entity: r.entity, name: r.name, kind: r.kind, count: r.count }),
  );
  return t("orphanQuestion", { lines: lines.join("\n") });
}

function without(set: ReadonlySet<string>, uid: string): ReadonlySet<string> {
  const next = new Set(set);
  next.delete(uid);
  return next;
}

/** A string (not an object), so an unchanged warning does not break the card's memo. */
function dataWarning(
  field: DataFieldDocument,
  usage: FieldUsageCounts | undefined,
  t: FieldsTranslator,
): string | null {
  const origin = originOf(field);
  if (!origin || origin === field.name) return null;
  const count = usage?.[field.entity]?.[origin] ?? 0;
  if (count === 0) return null;
  return t("renameWarning", { count, origin });
}
