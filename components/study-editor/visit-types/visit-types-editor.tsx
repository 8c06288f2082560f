"use client";

import { useTranslations } from "next-intl";
import { useId, useMemo, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { useStudyWords } from "@/components/study-text/content-language";
import { StudyTextView } from "@/components/study-text/study-text-view";
import type { VisitTypeDocument } from "@/lib/schemas/study-config";
import { isBlankText } from "@/lib/schemas/study-text";
import {
  VISIT_SCHEDULE_TEMPLATES,
  addVisitType,
  applyVisitScheduleTemplate,
  deleteVisitType,
  moveVisitType,
  sortVisitTypes,
  updateVisitType,
  type VisitScheduleTemplateId,
} from "@/lib/study-editor/visit-types";
import { useFocusAfterDelete } from "../use-focus-after-delete";
import { VisitTypeDialog } from "./visit-type-dialog";
import { VisitTypeScheduleText } from "@/components/schedule/visit-type-schedule-text";
import { useEditorReadOnly } from "../editor-read-only";

export type VisitTypesEditorProps = {
  visitTypes: VisitTypeDocument[];
  onChange: (next: VisitTypeDocument[]) => void;
};

type DialogState = { editing: VisitTypeDocument | null } | null;

const TEMPLATE_IDS = Object.keys(VISIT_SCHEDULE_TEMPLATES) as VisitScheduleTemplateId[];

/**
 * The Visit Types tab of the study editor: the study's visit schedule in order, with add, edit,
 * delete (after a confirmation), moves that swap order values, and pre-made schedules. Controlled:
 * every change goes out through `onChange`; the study is saved by the editor's Save Study.
 */
export function VisitTypesEditor({ visitTypes, onChange }: VisitTypesEditorProps) {
  const t = useTranslations("editorVisits");
  const tc = useTranslations("common.actions");
  const ts = useTranslations("schedule.editor");
  const readOnly = useEditorReadOnly();
  const words = useStudyWords();
  const sorted = useMemo(() => sortVisitTypes(visitTypes), [visitTypes]);
  const [dialog, setDialog] = useState<DialogState>(null);
  const [templateId, setTemplateId] = useState<VisitScheduleTemplateId | "">("");
  const [notice, setNotice] = useState<string | null>(null);
  const templateSelectId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const willDelete = useFocusAfterDelete(listRef, addRef);

  function save(visitType: VisitTypeDocument) {
    const editing = dialog?.editing;
    onChange(
      editing ? updateVisitType(visitTypes, editing.code, visitType) : addVisitType(visitTypes, visitType),
    );
    setDialog(null);
  }

  function remove(visitType: VisitTypeDocument) {
    if (!window.confirm(t("deleteConfirm", { label: words(visitType.label) }))) return;
    willDelete(
      sorted.map((vt) => vt.code),
      visitType.code,
    );
    onChange(deleteVisitType(visitTypes, visitType.code));
  }

  function applyTemplate() {
    if (!templateId) return;
    const template = t(`templates.${templateId}`);
    const result = applyVisitScheduleTemplate(visitTypes, templateId);
    if (result.added.length > 0) onChange(result.visitTypes);
    const count = result.added.length;
    setNotice(
      count === 0
        ? t("templateNothing", { template })
        : result.skipped.length
          ? t("templateAddedSkipped", { count, template, codes: result.skipped.join(", ") })
          : t("templateAdded", { count, template }),
    );
  }

  return (
    <section aria-labelledby={`${templateSelectId}-heading`} className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id={`${templateSelectId}-heading`} className="text-lg font-semibold text-slate-900">
            {t("heading")}
          </h2>
          <p className="text-sm text-slate-600">{t("intro")}</p>
        </div>
        {!readOnly && (
          <div className="flex flex-wrap items-end gap-2">
            <div>
              <Label htmlFor={templateSelectId}>{t("scheduleTemplate")}</Label>
              <select
                id={templateSelectId}
                value={templateId}
                onChange={(e) => setTemplateId(e.target.value as VisitScheduleTemplateId | "")}
                className="block rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
              >
                <option value="">{t("chooseTemplate")}</option>
                {TEMPLATE_IDS.map((id) => (
                  <option key={id} value={id}>
                    {t(`templates.${id}`)}
                  </option>
                ))}
              </select>
            </div>
            <Button variant="secondary" onClick={applyTemplate} disabled={!templateId}>
              {t("applyTemplate")}
            </Button>
            <Button ref={addRef} onClick={() => setDialog({ editing: null })}>
              {t("add")}
            </Button>
          </div>
        )}
      </div>

      {notice && <Alert tone="info">{notice}</Alert>}

      {sorted.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
          {t("empty")}
        </p>
      ) : (
        // One table: rows on a wide screen, stacked cards below `md` (the header row is kept for
        // screen readers only), so every row's buttons stay on screen at phone width.
        <div ref={listRef} className="overflow-x-auto rounded-lg border border-slate-200">
          <table className="w-full text-sm max-md:block md:min-w-full md:divide-y md:divide-slate-200">
            <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600 max-md:sr-only">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t("order")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("code")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("label")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {ts("column")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("description")}
                </th>
                {!readOnly && (
                  <th scope="col" className="px-3 py-2 text-right">
                    {t("actions")}
                  </th>
                )}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 bg-white max-md:block">
              {sorted.map((visitType, index) => (
                <tr
                  key={visitType.code}
                  className="max-md:flex max-md:flex-wrap max-md:items-baseline max-md:gap-x-2 max-md:gap-y-1 max-md:p-3"
                >
                  <td className="px-3 py-2 tabular-nums max-md:order-1 max-md:p-0 max-md:text-slate-500 max-md:before:content-['#']">
                    {visitType.order}
                  </td>
                  <td className="px-3 py-2 font-mono text-xs max-md:order-3 max-md:break-all max-md:p-0 max-md:text-slate-600">
                    {visitType.code}
                  </td>
                  <th
                    scope="row"
                    className="px-3 py-2 text-left font-medium text-slate-900 max-md:order-2 max-md:p-0"
                  >
                    <StudyTextView text={visitType.label} />
                  </th>
                  <td className="px-3 py-2 text-slate-700 max-md:order-4 max-md:w-full max-md:p-0">
                    <VisitTypeScheduleText visitType={visitType} />
                  </td>
                  <td className="px-3 py-2 text-slate-600 max-md:order-4 max-md:w-full max-md:p-0 max-md:empty:hidden">
                    {!isBlankText(visitType.description) && <StudyTextView text={visitType.description} />}
                  </td>
                  {!readOnly && (
                    <td className="px-3 py-2 max-md:order-5 max-md:w-full max-md:p-0 max-md:pt-1">
                      <div className="flex flex-wrap gap-1 md:flex-nowrap md:justify-end">
                        <Button
                          variant="ghost"
                          className="px-2"
                          aria-label={t("moveUp", { label: words(visitType.label) })}
                          disabled={index === 0}
                          onClick={() => onChange(moveVisitType(visitTypes, visitType.code, "up"))}
                        >
                          <span aria-hidden="true">↑</span>
                        </Button>
                        <Button
                          variant="ghost"
                          className="px-2"
                          aria-label={t("moveDown", { label: words(visitType.label) })}
                          disabled={index === sorted.length - 1}
                          onClick={() => onChange(moveVisitType(visitTypes, visitType.code, "down"))}
                        >
                          <span aria-hidden="true">↓</span>
                        </Button>
                        <Button
                          variant="secondary"
                          className="px-3 py-1"
                          aria-label={t("editLabel", { label: words(visitType.label) })}
                          onClick={() => setDialog({ editing: visitType })}
                        >
                          {tc("edit")}
                        </Button>
                        <Button
                          variant="destructive"
                          className="px-3 py-1"
                          aria-label={t("deleteLabel", { label: words(visitType.label) })}
                          data-delete-key={visitType.code}
                          onClick={() => remove(visitType)}
                        >
                          {tc("delete")}
                        </Button>
                      </div>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {dialog && (
        <VisitTypeDialog
          editing={dialog.editing}
          visitTypes={visitTypes}
          onSave={save}
          onClose={() => setDialog(null)}
        />
      )}
    </section>
  );
}
