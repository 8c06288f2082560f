"use client";

import { useDraggable } from "@dnd-kit/core";
import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { CONTROL_CLASS } from "@/components/ui/control-class";
import { placementId, type MoveTarget } from "@/lib/contents/builder";
import type { ContentBlock } from "@/lib/schemas/contents";
import { LanguageBadge } from "./block-language";
import { useContentWords } from "./content-words";

type Props = {
  block: ContentBlock;
  canEdit: boolean;
  targets: MoveTarget[];
  onMove: (block: ContentBlock, targetId: string) => void;
  onEdit: (block: ContentBlock) => void;
  onDelete: (block: ContentBlock) => void;
  /** Moves the block a step within its column (reorder); undefined where there is no step. */
  onStep: (block: ContentBlock, step: -1 | 1) => void;
  first: boolean;
  last: boolean;
};

/**
 * A block in the builder: dragged by its handle (pointer, or the keyboard through dnd-kit's
 * KeyboardSensor: Space, arrows, Space), or moved with the 'Move to' list, which needs no dragging.
 */
export function BuilderBlock({
  block,
  canEdit,
  targets,
  onMove,
  onEdit,
  onDelete,
  onStep,
  first,
  last,
}: Props) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: `block:${block.id}`,
    data: { block },
    disabled: !canEdit,
  });
  const t = useTranslations("contents.block");
  const words = useContentWords();
  const label = words.blockLabel(block);
  const current = placementId(block);
  return (
    <div
      ref={setNodeRef}
      data-testid={`builder-block-${block.id}`}
      style={transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined}
      className={cn(
        "space-y-2 rounded-md border border-slate-200 bg-white p-3 text-sm shadow-sm",
        isDragging && "relative z-10 opacity-80 shadow-lg",
      )}
    >
      <div className="flex items-start gap-2">
        {canEdit && (
          <button
            type="button"
            className="cursor-grab touch-none rounded px-1 text-slate-500 hover:bg-slate-100"
            aria-label={t("drag", { label })}
            {...attributes}
            {...listeners}
          >
            ⠿
          </button>
        )}
        <div className="min-w-0 flex-1">
          <p className="break-words font-medium text-slate-900">{label}</p>
          <div className="mt-1 flex flex-wrap gap-1">
            <Badge>{words.blockType(block.type)}</Badge>
            {!block.is_visible && <Badge tone="muted">{t("hidden")}</Badge>}
            <LanguageBadge language={block.language} />
          </div>
        </div>
      </div>
      {canEdit && (
        <div className="space-y-1">
          <select
            aria-label={t("moveTo", { label })}
            className={cn(CONTROL_CLASS, "py-1 text-xs")}
            value={current}
            onChange={(event) => onMove(block, event.target.value)}
          >
            {targets.map((target) => (
              <option key={target.id} value={target.id}>
                {target.id === current
                  ? t("here", { target: words.target(target) })
                  : t("moveToTarget", { target: words.target(target) })}
              </option>
            ))}
          </select>
          <div className="flex flex-wrap items-center gap-1">
            <Button
              variant="ghost"
              className="px-2 py-1 text-xs"
              aria-label={t("up", { label })}
              disabled={first}
              onClick={() => onStep(block, -1)}
            >
              ↑
            </Button>
            <Button
              variant="ghost"
              className="px-2 py-1 text-xs"
              aria-label={t("down", { label })}
              disabled={last}
              onClick={() => onStep(block, 1)}
            >
              ↓
            </Button>
            <Button
              variant="ghost"
              className="px-2 py-1 text-xs"
              aria-label={t("editLabel", { label })}
              onClick={() => onEdit(block)}
            >
              {t("edit")}
            </Button>
            <Button
              variant="destructive"
              className="px-2 py-1 text-xs"
              aria-label={t("deleteLabel", { label })}
              onClick={() => onDelete(block)}
            >
              {t("delete")}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
