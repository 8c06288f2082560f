"use client";

import { useTranslations } from "next-intl";
import Link from "next/link";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Tabs } from "@/components/ui/tabs";
import { failureText, loadFailureText } from "@/lib/client/admin-team";
import {
  useContents,
  useCreateContent,
  useDeleteContent,
  useReorderContents,
  useUpdateContent,
} from "@/lib/client/contents";
import { placementOfDropId } from "@/lib/contents/builder";
import type { ContentBlock, Layout } from "@/lib/schemas/contents";
import { BlockFormDialog, type BlockFormTarget } from "./block-form-dialog";
import { ContentListView } from "./content-list-view";
import { PageBuilder } from "./page-builder";

type View = "list" | "builder";

/**
 * 'Manage Homepage Content: {study name}' with its List View and Builder View (spec §2). `canEdit` is
 * false for those without content.edit and while the study is locked; `locked` says which, as the
 * layout's banner already says why (docs/decisions/0034-patient-and-study-lock.md).
 */
export function ContentPage({
  studyId,
  studyName,
  canEdit,
  locked,
}: {
  studyId: number;
  studyName: string;
  canEdit: boolean;
  locked: boolean;
}) {
  const t = useTranslations("contents");
  const [view, setView] = useState<View>("list");
  const [form, setForm] = useState<BlockFormTarget | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const contents = useContents(studyId);
  const create = useCreateContent(studyId);
  const update = useUpdateContent(studyId);
  const remove = useDeleteContent(studyId);
  const reorder = useReorderContents(studyId);
  const tree = contents.data ?? [];

  const fail = (fallback: string) => (error: unknown) => setActionError(failureText(error, fallback));

  function deleteBlock(block: ContentBlock, question: string) {
    if (!window.confirm(question)) return;
    setActionError(null);
    remove.mutate(block.id, { onError: fail(t("messages.deleteFailed")) });
  }

  function move(block: ContentBlock, targetId: string) {
    const placement = placementOfDropId(targetId);
    if (!placement) return;
    setActionError(null);
    update.mutate(
      { id: block.id, body: { parent_id: placement.parentId, column_index: placement.columnIndex } },
      { onError: fail(t("messages.moveFailed")) },
    );
  }

  function addRow(layout: Layout) {
    setActionError(null);
    create.mutate(
      { type: "layout_row", settings: { layout }, is_visible: true },
      { onError: fail(t("messages.createFailed")) },
    );
  }

  return (
    <div className="space-y-6">
      <div>
        <Link href="/admin/studies" className="text-sm font-medium text-brand-700 hover:underline">
          {t("back")}
        </Link>
        <h1 className="mt-2 break-words text-2xl font-semibold text-slate-900">
          {t("title", { study: studyName })}
        </h1>
        {!canEdit && !locked && <p className="mt-1 text-sm text-slate-600">{t("readOnly")}</p>}
      </div>
      {actionError && <Alert>{actionError}</Alert>}
      {contents.isError && <Alert>{loadFailureText(contents.error, t("messages.loadFailed"))}</Alert>}
      <Tabs
        label={t("views.label")}
        tabs={[
          { key: "list", label: t("views.list") },
          { key: "builder", label: t("views.builder") },
        ]}
        active={view}
        onChange={setView}
      >
        {contents.isPending ? (
          <p role="status" className="text-sm text-slate-600">
            {t("loading")}
          </p>
        ) : view === "list" ? (
          <ContentListView
            tree={tree}
            canEdit={canEdit}
            busy={update.isPending || remove.isPending}
            onAdd={() => setForm({ mode: "create", placement: { parentId: null, columnIndex: null } })}
            onEdit={(block) => setForm({ mode: "edit", block })}
            onToggle={(block) =>
              update.mutate(
                { id: block.id, body: { is_visible: !block.is_visible } },
                { onError: fail(t("messages.updateFailed")) },
              )
            }
            onDelete={(block) => deleteBlock(block, t("messages.confirmDelete"))}
          />
        ) : (
          <PageBuilder
            tree={tree}
            canEdit={canEdit}
            onAddRow={addRow}
            onAddBlock={(placement) => setForm({ mode: "create", placement })}
            onMove={move}
            onEdit={(block) => setForm({ mode: "edit", block })}
            onDeleteBlock={(block) => deleteBlock(block, t("messages.confirmDeleteBlock"))}
            onDeleteRow={(row) => deleteBlock(row, t("messages.confirmDeleteRow"))}
            onRowLanguage={(row, language) => {
              setActionError(null);
              update.mutate(
                { id: row.id, body: { language } },
                { onError: fail(t("messages.updateFailed")) },
              );
            }}
            onReorder={(ids) => {
              setActionError(null);
              reorder.mutate(ids, { onError: fail(t("messages.moveFailed")) });
            }}
          />
        )}
      </Tabs>
      {form && <BlockFormDialog studyId={studyId} target={form} onClose={() => setForm(null)} />}
    </div>
  );
}
