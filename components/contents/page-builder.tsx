"use client";

import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
} from "@dnd-kit/core";
import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import {
  AVAILABLE_DROP_ID,
  availableBlocks,
  columnDropId,
  columnsOf,
  moveTargets,
  placementId,
  rowsOf,
  SPAN_CLASS,
  steppedIds,
  type Placement,
} from "@/lib/contents/builder";
import type { Locale } from "@/lib/i18n/locales";
import { LAYOUTS, layoutOf, type ContentBlock, type Layout } from "@/lib/schemas/contents";
import { LanguageBadge, ShownToSelect } from "./block-language";
import { BuilderBlock } from "./builder-block";
import { useContentWords } from "./content-words";

type Props = {
  tree: ContentBlock[];
  canEdit: boolean;
  onAddRow: (layout: Layout) => void;
  onAddBlock: (placement: Placement) => void;
  onMove: (block: ContentBlock, targetId: string) => void;
  onEdit: (block: ContentBlock) => void;
  onDeleteBlock: (block: ContentBlock) => void;
  onDeleteRow: (row: ContentBlock) => void;
  /** Gives the listed siblings the orders 0, 1, 2… (the reorder call). */
  onReorder: (ids: number[]) => void;
  /** Sets who a row is shown to (its language; null = everyone, decision 0022). */
  onRowLanguage: (row: ContentBlock, language: Locale | null) => void;
};

function DropZone({
  id,
  label,
  children,
  className,
}: {
  id: string;
  label: string;
  children: ReactNode;
  className?: string;
}) {
  const { setNodeRef, isOver } = useDroppable({ id });
  return (
    <section
      ref={setNodeRef}
      aria-label={label}
      data-drop-id={id}
      className={cn(
        "min-h-24 space-y-2 rounded-md border-2 border-dashed border-slate-300 p-2 transition-colors",
        isOver && "border-brand-600 bg-blue-50",
        className,
      )}
    >
      {children}
    </section>
  );
}

/**
 * Page Builder (spec §2): layout rows on the 12-column grid, blocks dragged between columns and
 * from 'Available Blocks' (dropping sets the row, the column and the last place in it, spec §4).
 */
export function PageBuilder(props: Props) {
  const {
    tree,
    canEdit,
    onAddRow,
    onAddBlock,
    onMove,
    onEdit,
    onDeleteBlock,
    onDeleteRow,
    onReorder,
    onRowLanguage,
  } = props;
  const t = useTranslations("contents");
  const words = useContentWords();
  const [choosingLayout, setChoosingLayout] = useState(false);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor),
  );
  const rows = rowsOf(tree);
  const targets = moveTargets(tree);

  function onDragEnd(event: DragEndEvent) {
    const block = event.active.data.current?.block as ContentBlock | undefined;
    const overId = event.over?.id;
    if (!block || typeof overId !== "string" || overId === placementId(block)) return;
    onMove(block, overId);
  }

  const blockProps = { canEdit, targets, onMove, onEdit, onDelete: onDeleteBlock };
  const step = (siblings: ContentBlock[]) => (block: ContentBlock, delta: -1 | 1) => {
    const ids = steppedIds(siblings, block.id, delta);
    if (ids) onReorder(ids);
  };
  const blockList = (siblings: ContentBlock[]) =>
    siblings.map((block, index) => (
      <BuilderBlock
        key={block.id}
        block={block}
        {...blockProps}
        onStep={step(siblings)}
        first={index === 0}
        last={index === siblings.length - 1}
      />
    ));
  const layoutMenu = choosingLayout && (
    <div role="group" aria-label={t("builder.chooseLayout")} className="flex flex-wrap gap-2">
      {LAYOUTS.map((layout) => (
        <Button
          key={layout}
          variant="secondary"
          onClick={() => {
            setChoosingLayout(false);
            onAddRow(layout);
          }}
        >
          {words.layout(layout)}
        </Button>
      ))}
    </div>
  );

  return (
    <DndContext id="page-builder" sensors={sensors} onDragEnd={onDragEnd}>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_16rem]">
        <div className="min-w-0 space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-lg font-semibold text-slate-900">{t("builder.title")}</h2>
            {canEdit && rows.length > 0 && (
              <Button onClick={() => setChoosingLayout((open) => !open)} aria-expanded={choosingLayout}>
                {t("builder.addRow")}
              </Button>
            )}
          </div>
          {rows.length > 0 && layoutMenu}
          {rows.length === 0 ? (
            <div className="space-y-3 rounded-lg border border-dashed border-slate-300 p-8 text-center">
              <h3 className="text-base font-semibold text-slate-900">{t("messages.noLayout")}</h3>
              {canEdit && (
                <Button onClick={() => setChoosingLayout((open) => !open)} aria-expanded={choosingLayout}>
                  {t("messages.addFirstRow")}
                </Button>
              )}
              <div className="flex justify-center">{layoutMenu}</div>
            </div>
          ) : (
            rows.map((row, rowIndex) => (
              <article
                key={row.id}
                aria-label={t("builder.row", { row: rowIndex + 1 })}
                className="space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-3"
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="text-sm font-medium text-slate-700">
                      {t("builder.rowHeading", { row: rowIndex + 1, layout: words.layout(layoutOf(row)) })}
                    </h3>
                    <LanguageBadge language={row.language} />
                  </div>
                  {canEdit && (
                    <div className="flex flex-wrap items-center gap-1">
                      <ShownToSelect
                        aria-label={t("language.rowShownTo", { row: rowIndex + 1 })}
                        className="w-auto py-1 text-xs"
                        value={row.language}
                        onChange={(language) => onRowLanguage(row, language)}
                      />
                      <Button
                        variant="ghost"
                        className="px-2 py-1 text-xs"
                        aria-label={t("builder.moveRowUp", { row: rowIndex + 1 })}
                        disabled={rowIndex === 0}
                        onClick={() => step(rows)(row, -1)}
                      >
                        ↑
                      </Button>
                      <Button
                        variant="ghost"
                        className="px-2 py-1 text-xs"
                        aria-label={t("builder.moveRowDown", { row: rowIndex + 1 })}
                        disabled={rowIndex === rows.length - 1}
                        onClick={() => step(rows)(row, 1)}
                      >
                        ↓
                      </Button>
                      <Button
                        variant="destructive"
                        className="px-2 py-1 text-xs"
                        aria-label={t("builder.deleteRowLabel", { row: rowIndex + 1 })}
                        onClick={() => onDeleteRow(row)}
                      >
                        {t("builder.deleteRow")}
                      </Button>
                    </div>
                  )}
                </div>
                <div className="grid grid-cols-1 gap-3 md:grid-cols-12">
                  {columnsOf(row).map((column, columnIndex) => (
                    <DropZone
                      key={columnIndex}
                      id={columnDropId(row.id, columnIndex)}
                      label={t("builder.column", { row: rowIndex + 1, column: columnIndex + 1 })}
                      className={cn("min-w-0 bg-white", SPAN_CLASS[column.span])}
                    >
                      {blockList(column.blocks)}
                      {canEdit && (
                        <Button
                          variant="ghost"
                          className="w-full text-xs"
                          aria-label={t("builder.addBlockLabel", {
                            row: rowIndex + 1,
                            column: columnIndex + 1,
                          })}
                          onClick={() => onAddBlock({ parentId: row.id, columnIndex })}
                        >
                          {t("builder.addBlock")}
                        </Button>
                      )}
                    </DropZone>
                  ))}
                </div>
              </article>
            ))
          )}
        </div>
        <aside className="min-w-0 space-y-2">
          <h2 className="text-lg font-semibold text-slate-900">{t("builder.available")}</h2>
          <DropZone id={AVAILABLE_DROP_ID} label={t("builder.available")}>
            {availableBlocks(tree).length === 0 ? (
              <p className="p-2 text-xs text-slate-500">{t("builder.allPlaced")}</p>
            ) : (
              blockList(availableBlocks(tree))
            )}
          </DropZone>
        </aside>
      </div>
    </DndContext>
  );
}
