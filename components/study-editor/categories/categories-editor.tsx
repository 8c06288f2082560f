"use client";

import { useTranslations } from "next-intl";
import { useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { useStudyWords } from "@/components/study-text/content-language";
import {
  FIELD_ENTITIES,
  type CategoryDocument,
  type DataFieldDocument,
  type FieldEntity,
} from "@/lib/schemas/study-config";
import {
  addCategory,
  categoriesForEntity,
  deleteCategory,
  fieldsInCategory,
  moveCategory,
  renameCategory,
  type CategoryDraft,
} from "@/lib/study-editor/categories";
import { CategoryDialog } from "./category-dialog";
import { useFocusAfterDelete } from "../use-focus-after-delete";
import { CategoryItem } from "./category-item";
import { useEditorReadOnly } from "../editor-read-only";

export type CategoriesEditorProps = {
  categories: CategoryDocument[];
  dataFields: DataFieldDocument[];
  /** Both lists, because deleting a category also uncategorizes its fields. */
  onChange: (categories: CategoryDocument[], dataFields: DataFieldDocument[]) => void;
  /** When given, the entity tab is controlled (the live preview beside the tab follows it). */
  entity?: FieldEntity;
  onEntityChange?: (entity: FieldEntity) => void;
};

/**
 * The Categories tab of the study editor: the sections of the patient and visit forms, one tab per
 * entity. Controlled: every change goes out through `onChange` and is saved with the study.
 */
export function CategoriesEditor({
  categories,
  dataFields,
  onChange,
  entity: controlledEntity,
  onEntityChange,
}: CategoriesEditorProps) {
  const t = useTranslations("editorFields.categories");
  const readOnly = useEditorReadOnly();
  const words = useStudyWords();
  const [ownEntity, setOwnEntity] = useState<FieldEntity>("patient");
  const entity = controlledEntity ?? ownEntity;
  const setEntity = (next: FieldEntity) => {
    setOwnEntity(next);
    onEntityChange?.(next);
  };
  const [adding, setAdding] = useState(false);
  const id = useId();
  const tabRefs = useRef<Partial<Record<FieldEntity, HTMLButtonElement | null>>>({});
  const listRef = useRef<HTMLDivElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const willDelete = useFocusAfterDelete(listRef, addRef);

  const byEntity = useMemo(
    () => ({
      patient: categoriesForEntity(categories, "patient"),
      visit: categoriesForEntity(categories, "visit"),
    }),
    [categories],
  );
  const current = byEntity[entity];

  function add(draft: CategoryDraft) {
    onChange(addCategory(categories, entity, draft), dataFields);
    setAdding(false);
  }

  function remove(category: CategoryDocument) {
    if (!window.confirm(t("deleteConfirm", { label: words(category.label) }))) return;
    willDelete(
      current.map((c) => c.code),
      category.code,
    );
    const next = deleteCategory(categories, dataFields, category.entity, category.code);
    onChange(next.categories, next.dataFields);
  }

  // Arrow keys, Home and End move between tabs (WAI-ARIA tabs pattern, automatic activation).
  function onTabKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const index = FIELD_ENTITIES.indexOf(entity);
    const last = FIELD_ENTITIES.length - 1;
    const target = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    const next = target === undefined ? undefined : FIELD_ENTITIES[target];
    if (!next) return;
    event.preventDefault();
    setEntity(next);
    tabRefs.current[next]?.focus();
  }

  const tabId = (e: FieldEntity) => `${id}-tab-${e}`;
  const panelId = `${id}-panel`;

  return (
    <section className="space-y-4" aria-labelledby={`${id}-heading`}>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
            {t("heading")}
          </h2>
          <p className="text-sm text-slate-600">{t("intro")}</p>
        </div>
        {!readOnly && (
          <Button ref={addRef} onClick={() => setAdding(true)}>
            {t("add")}
          </Button>
        )}
      </div>

      <div role="tablist" aria-label={t("entityTabs")} className="flex gap-1 border-b border-slate-200">
        {FIELD_ENTITIES.map((e) => (
          <button
            key={e}
            ref={(element) => {
              tabRefs.current[e] = element;
            }}
            type="button"
            role="tab"
            id={tabId(e)}
            aria-selected={entity === e}
            aria-controls={panelId}
            tabIndex={entity === e ? 0 : -1}
            onClick={() => setEntity(e)}
            onKeyDown={onTabKeyDown}
            className={cn(
              "-mb-px border-b-2 px-4 py-2 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600/40",
              entity === e
                ? "border-brand-600 text-brand-700"
                : "border-transparent text-slate-600 hover:text-slate-900",
            )}
          >
            {e === "patient"
              ? t("patientTab", { count: byEntity[e].length })
              : t("visitTab", { count: byEntity[e].length })}
          </button>
        ))}
      </div>

      <div
        ref={listRef}
        role="tabpanel"
        id={panelId}
        aria-labelledby={tabId(entity)}
        tabIndex={0}
        className="focus:outline-none"
      >
        {current.length === 0 ? (
          <p className="rounded-md border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
            {t("empty")}
          </p>
        ) : (
          <ul className="space-y-2">
            {current.map((category, index) => (
              <CategoryItem
                // Keyed by entity too, so switching tabs resets any open inline edit.
                key={`${category.entity}:${category.code}`}
                category={category}
                fields={fieldsInCategory(dataFields, category.entity, category.code)}
                isFirst={index === 0}
                isLast={index === current.length - 1}
                onMove={(direction) =>
                  onChange(moveCategory(categories, category.entity, category.code, direction), dataFields)
                }
                onRename={(label) =>
                  onChange(renameCategory(categories, category.entity, category.code, label), dataFields)
                }
                onDelete={() => remove(category)}
              />
            ))}
          </ul>
        )}
      </div>

      {adding && (
        <CategoryDialog
          entity={entity}
          categories={categories}
          onSave={add}
          onClose={() => setAdding(false)}
        />
      )}
    </section>
  );
}
