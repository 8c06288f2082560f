"use client";

import { useLocale, useTranslations } from "next-intl";
import { configIn } from "@/lib/i18n/study-config-language";
import type { Locale } from "@/lib/i18n/locales";
import { useCallback, useDeferredValue, useMemo, useState } from "react";
import { SI_NO, YES_NO } from "@/components/forms/boolean-labels";
import { DynamicForm, type FormValues } from "@/components/forms/dynamic-form";
import { Tabs } from "@/components/ui/tabs";
import { fieldsForEntity } from "@/lib/forms";
import {
  NAME_PATTERN,
  type DataField,
  type FieldEntity,
  type StudyConfigDocument,
} from "@/lib/schemas/study-config";

/**
 * The 400px live preview beside the Categories and Data Fields tabs: the real renderer on the
 * unsaved configuration, so what the editor shows is what clinicians will get.
 */
export function FormPreview({
  config,
  entity: shownEntity,
  onEntityChange,
}: {
  config: StudyConfigDocument;
  /** When given, the preview shows this entity's form (it follows the editor's entity tab). */
  entity?: FieldEntity;
  onEntityChange?: (entity: FieldEntity) => void;
}) {
  const t = useTranslations("editor.preview");
  const [ownEntity, setOwnEntity] = useState<FieldEntity>("patient");
  const entity = shownEntity ?? ownEntity;
  const [resetCount, setResetCount] = useState(0);
  const [values, setValues] = useState<FormValues>({});
  const onValuesChange = useCallback((next: FormValues) => setValues({ ...next }), []);
  // Values typed into one entity's form mean nothing in the other's.
  const [valuesOf, setValuesOf] = useState(entity);
  if (valuesOf !== entity) {
    setValuesOf(entity);
    setValues({});
  }
  // The preview renders every field of the entity: it follows the editor at low priority, so
  // typing in a field card never waits for it (it catches up between keystrokes).
  const deferred = useDeferredValue(config);
  // In the editor's language, as a clinician reading it would see it (decision 0022).
  const locale = useLocale() as Locale;
  const shown = useMemo(() => configIn(deferred, locale), [deferred, locale]);
  const fields = useMemo(
    () => previewable(fieldsForEntity(shown.data_fields, entity)),
    [shown.data_fields, entity],
  );
  const form = useMemo(
    () =>
      fields.length === 0 ? (
        <p className="text-sm text-slate-500">
          {entity === "patient" ? t("noPatientFields") : t("noVisitFields")}
        </p>
      ) : (
        <DynamicForm
          key={`${entity}-${resetCount}`}
          fields={fields}
          categories={shown.categories}
          entity={entity}
          defaultOpenCategory={entity === "patient" ? "demographic" : "efficacy"}
          booleanLabels={entity === "patient" ? SI_NO : YES_NO}
          calculations={entity === "visit" ? shown.calculations : undefined}
          onSubmit={() => {}}
          onValuesChange={onValuesChange}
        />
      ),
    [fields, entity, resetCount, shown.categories, shown.calculations, onValuesChange, t],
  );

  return (
    <aside
      aria-label={t("region")}
      className="w-full shrink-0 rounded-lg border border-slate-200 bg-slate-50 p-4 lg:w-[400px]"
    >
      <div className="mb-2 flex items-center justify-between">
        <h2 className="text-sm font-semibold text-slate-800">{t("heading")}</h2>
        <button
          type="button"
          className="rounded-md border border-slate-300 bg-white px-2 py-1 text-xs font-medium hover:bg-slate-100"
          onClick={() => {
            setResetCount((n) => n + 1);
            setValues({});
          }}
        >
          {t("reset")}
        </button>
      </div>
      <Tabs
        label={t("tabs")}
        tabs={[
          { key: "patient", label: t("patientForm") },
          { key: "visit", label: t("visitForm") },
        ]}
        active={entity}
        onChange={(next) => {
          setOwnEntity(next);
          onEntityChange?.(next);
        }}
      >
        {form}
      </Tabs>
      <details className="mt-4">
        <summary className="cursor-pointer text-xs font-semibold text-slate-600">{t("debug")}</summary>
        <pre
          className="mt-2 max-h-60 overflow-auto rounded bg-slate-900 p-2 text-xs text-slate-100"
          data-testid="preview-debug"
        >
          {JSON.stringify(values, null, 2)}
        </pre>
      </details>
    </aside>
  );
}

/**
 * The fields the form can hold while the editor is mid-edit: a name being typed may be empty,
 * malformed or taken (the save marks those); the form keys its values by name, so such a field
 * is left out of the preview until its name is valid and its own.
 */
function previewable(fields: DataField[]): DataField[] {
  const seen = new Set<string>();
  return fields.filter((field) => {
    if (!NAME_PATTERN.test(field.name) || seen.has(field.name)) return false;
    seen.add(field.name);
    return true;
  });
}
