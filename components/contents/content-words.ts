"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import type { MoveTarget } from "@/lib/contents/builder";
import type { ContentBlock, ContentBlockType, Layout } from "@/lib/schemas/contents";

/** The catalogue's key of each layout (a layout's code, "2-1", is no key name). */
const LAYOUT_KEYS = { "1": "one", "2": "two", "3": "three", "2-1": "twoOne", "1-2": "oneTwo" } as const;

/**
 * The homepage-content words that depend on a block's data: its type's name, a layout's name, the
 * label a block is known by (its title, else its type) and a move target's name.
 */
export function useContentWords() {
  const t = useTranslations("contents");
  const blockType = useCallback((type: ContentBlockType) => t(`blockTypes.${type}`), [t]);
  const layout = useCallback((key: Layout) => t(`layouts.${LAYOUT_KEYS[key]}`), [t]);
  const blockLabel = useCallback(
    (block: Pick<ContentBlock, "title" | "type">) => block.title || blockType(block.type),
    [blockType],
  );
  const target = useCallback(
    (place: MoveTarget) =>
      place.row === null || place.column === null
        ? t("builder.available")
        : t("builder.column", { row: place.row, column: place.column }),
    [t],
  );
  return { blockType, layout, blockLabel, target };
}
