"use client";

import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { contentBlocksOnly, rowsOf } from "@/lib/contents/builder";
import { previewText, type ContentBlock } from "@/lib/schemas/contents";
import { LanguageBadge } from "./block-language";
import { useContentWords } from "./content-words";

type Props = {
  tree: ContentBlock[];
  canEdit: boolean;
  busy: boolean;
  onAdd: () => void;
  onEdit: (block: ContentBlock) => void;
  onToggle: (block: ContentBlock) => void;
  onDelete: (block: ContentBlock) => void;
};

/**
 * List View (spec §2): type badge, Hidden badge, the language badge of a block for one language's
 * readers (its own, else its row's: rows are not listed here; decision 0022), title, text preview, button link; editors act. */
export function ContentListView({ tree, canEdit, busy, onAdd, onEdit, onToggle, onDelete }: Props) {
  const t = useTranslations("contents");
  const words = useContentWords();
  const blocks = contentBlocksOnly(tree);
  const rowLanguage = new Map(rowsOf(tree).map((row) => [row.id, row.language]));
  return (
    <div className="space-y-4">
      {canEdit && <Button onClick={onAdd}>{t("list.addBlock")}</Button>}
      {blocks.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">
          {t("messages.empty")}
        </p>
      ) : (
        <ul className="space-y-3" aria-label={t("list.label")}>
          {blocks.map((block) => {
            const label = words.blockLabel(block);
            const url = typeof block.settings.url === "string" ? block.settings.url : "";
            return (
              <li
                key={block.id}
                className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-start sm:justify-between"
              >
                <div className="min-w-0 space-y-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge>{words.blockType(block.type)}</Badge>
                    {!block.is_visible && <Badge tone="muted">{t("list.hidden")}</Badge>}
                    <LanguageBadge
                      language={
                        block.language ??
                        (block.parent_id === null ? null : (rowLanguage.get(block.parent_id) ?? null))
                      }
                    />
                  </div>
                  {block.title && <h3 className="break-words font-semibold text-slate-900">{block.title}</h3>}
                  {previewText(block.content.html) && (
                    <p className="break-words text-sm text-slate-600">{previewText(block.content.html)}</p>
                  )}
                  {block.type === "button" && url && (
                    <p className="break-all text-sm text-slate-600">{t("list.link", { url })}</p>
                  )}
                </div>
                {canEdit && (
                  <div className="flex shrink-0 flex-wrap gap-2">
                    <Button
                      variant="secondary"
                      disabled={busy}
                      aria-label={
                        block.is_visible ? t("list.hideLabel", { label }) : t("list.showLabel", { label })
                      }
                      onClick={() => onToggle(block)}
                    >
                      {block.is_visible ? t("list.hide") : t("list.show")}
                    </Button>
                    <Button
                      variant="secondary"
                      aria-label={t("list.editLabel", { label })}
                      onClick={() => onEdit(block)}
                    >
                      {t("list.edit")}
                    </Button>
                    <Button
                      variant="destructive"
                      disabled={busy}
                      aria-label={t("list.deleteLabel", { label })}
                      onClick={() => onDelete(block)}
                    >
                      {t("list.delete")}
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
