"use client";

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
import { CONTENT_MESSAGES, type ContentBlock, type Layout } from "@/lib/schemas/contents";
import { BlockFormDialog, type BlockFormTarget } from "./block-form-dialog";
import { ContentListView } from "./content-list-view";
import { PageBuilder } from "./page-builder";

type View = "list" | "builder";

/** 'Manage Homepage Content: {study name}' with its List View and Builder View (spec §2). */
export function ContentPage({
  studyId,
  studyName,
  canEdit,
}: {
  studyId: number;
  studyName: string;
  canEdit: boolean;
}) {
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
    remove.mutate(block.id, { onError: fail(CONTENT_MESSAGES.deleteFailed) });
  }

  function move(block: ContentBlock, targetId: string) {
    const placement = placementOfDropId(targetId);
    if (!placement) return;
    setActionError(null);
    update.mutate(
      { id: block.id, body: { parent_id: placement.parentId, column_index: placement.columnIndex } },
      { onError: fail(CONTENT_MESSAGES.moveFailed) },
    );
  }

  function addRow(layout: Layout) {
    setActionError(null);
    create.mutate(
      { type: "layout_row", settings: { layout }, is_visible: true },
      { onError: fail(CONTENT_MESSAGES.createFailed) },
    );
  }

  return (
    <div className="space-y-6">
      <div>
        <Link href="/admin/studies" className="text-sm font-medium text-brand-700 hover:underline">
          ← Back to Studies
        </Link>
        <h1 className="mt-2 break-words text-2xl font-semibold text-slate-900">
          {CONTENT_MESSAGES.title(studyName)}
        </h1>
        {!canEdit && (
          <p className="mt-1 text-sm text-slate-600">Read-only: only superusers can edit homepage content.</p>
        )}
      </div>
      {actionError && <Alert>{actionError}</Alert>}
      {contents.isError && <Alert>{loadFailureText(contents.error, CONTENT_MESSAGES.loadFailed)}</Alert>}
      <Tabs
        label="Content views"
        tabs={[
          { key: "list", label: "List View" },
          { key: "builder", label: "Builder View" },
        ]}
        active={view}
        onChange={setView}
      >
        {contents.isPending ? (
          <p role="status" className="text-sm text-slate-600">
            Loading content blocks...
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
                { onError: fail(CONTENT_MESSAGES.updateFailed) },
              )
            }
            onDelete={(block) => deleteBlock(block, CONTENT_MESSAGES.confirmDelete)}
          />
        ) : (
          <PageBuilder
            tree={tree}
            canEdit={canEdit}
            onAddRow={addRow}
            onAddBlock={(placement) => setForm({ mode: "create", placement })}
            onMove={move}
            onEdit={(block) => setForm({ mode: "edit", block })}
            onDeleteBlock={(block) => deleteBlock(block, CONTENT_MESSAGES.confirmDeleteBlock)}
            onDeleteRow={(row) => deleteBlock(row, CONTENT_MESSAGES.confirmDeleteRow)}
            onReorder={(ids) => {
              setActionError(null);
              reorder.mutate(ids, { onError: fail(CONTENT_MESSAGES.moveFailed) });
            }}
          />
        )}
      </Tabs>
      {form && <BlockFormDialog studyId={studyId} target={form} onClose={() => setForm(null)} />}
    </div>
  );
}
