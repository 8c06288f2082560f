"use client";

import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CONTROL_CLASS } from "@/components/ui/control-class";
import { Dialog } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ApiClientError } from "@/lib/client/api-fetch";
import { failureText } from "@/lib/client/admin-team";
import { useCreateContent, useUpdateContent } from "@/lib/client/contents";
import type { Placement } from "@/lib/contents/builder";
import {
  BLOCK_TYPE_LABELS,
  checkBlock,
  CONTENT_LIMITS,
  CONTENT_MESSAGES,
  EDITABLE_BLOCK_TYPES,
  type BlockIssue,
  type ContentBlock,
  type ContentBlockType,
} from "@/lib/schemas/contents";
import { BlockSettingsFields, type Settings } from "./block-settings-fields";
import { RichTextEditor } from "./rich-text-editor";

export type BlockFormTarget =
  { mode: "create"; placement: Placement } | { mode: "edit"; block: ContentBlock };

/** Types whose own settings hold their text: no main rich-text content. */
const WITHOUT_CONTENT = new Set<ContentBlockType>(["button", "columns"]);

const initialSettings = (type: ContentBlockType): Settings =>
  type === "columns"
    ? { layout: "2", columns: [] }
    : type === "card_grid"
      ? { cards: [{ title: "", description: "" }] }
      : type === "button"
        ? { url: "", style: "primary" }
        : type === "info_box"
          ? { variant: "info" }
          : {};

/**
 * The block form (spec §2): type (locked when editing), title, the type's inputs, rich text
 * (400 px), 'Visible to users', Cancel and Create/Update. The same per-type rules as the server
 * (checkBlock) run before anything is sent.
 */
export function BlockFormDialog({
  studyId,
  target,
  onClose,
}: {
  studyId: number;
  target: BlockFormTarget;
  onClose: () => void;
}) {
  const editing = target.mode === "edit" ? target.block : null;
  const [type, setType] = useState<ContentBlockType>(editing?.type ?? "text_block");
  const [title, setTitle] = useState(editing?.title ?? "");
  const [html, setHtml] = useState(editing?.content.html ?? "");
  const [settings, setSettings] = useState<Settings>(editing?.settings ?? initialSettings("text_block"));
  const [visible, setVisible] = useState(editing?.is_visible ?? true);
  const [issues, setIssues] = useState<BlockIssue[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateContent(studyId);
  const update = useUpdateContent(studyId);
  const pending = create.isPending || update.isPending;

  const errorFor = (field: string) =>
    issues.find((issue) => issue.loc[1] === "settings" && issue.loc[2] === field)?.msg;
  const titleError = issues.find((issue) => issue.loc[1] === "title")?.msg;

  function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const checked = checkBlock(type, title, settings);
    if (!checked.ok) {
      setIssues(checked.issues);
      return;
    }
    setIssues([]);
    const content = WITHOUT_CONTENT.has(type) ? {} : { html };
    const onError = (error: unknown, fallback: string) => {
      if (error instanceof ApiClientError && Array.isArray(error.detail))
        setIssues(error.detail as BlockIssue[]);
      setFormError(failureText(error, fallback));
    };
    const body = { title: title.trim() || null, content, settings: checked.settings, is_visible: visible };
    if (editing) {
      update.mutate(
        { id: editing.id, body },
        { onSuccess: onClose, onError: (e) => onError(e, CONTENT_MESSAGES.updateFailed) },
      );
    } else if (target.mode === "create") {
      const { parentId, columnIndex } = target.placement;
      create.mutate(
        { type, ...body, parent_id: parentId, column_index: columnIndex },
        { onSuccess: onClose, onError: (e) => onError(e, CONTENT_MESSAGES.createFailed) },
      );
    }
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={editing ? "Edit Content Block" : "Add Content Block"}
      className="max-w-3xl"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" form="block-form" disabled={pending}>
            {pending ? "Saving..." : editing ? "Update" : "Create"}
          </Button>
        </>
      }
    >
      <form id="block-form" noValidate onSubmit={submit} className="space-y-4">
        {formError && <Alert>{formError}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <Label htmlFor="block-type">Block Type</Label>
            <select
              id="block-type"
              className={CONTROL_CLASS}
              value={type}
              disabled={editing !== null}
              onChange={(event) => {
                const next = event.target.value as ContentBlockType;
                setType(next);
                setSettings(initialSettings(next));
                setIssues([]);
              }}
            >
              {EDITABLE_BLOCK_TYPES.map((key) => (
                <option key={key} value={key}>
                  {BLOCK_TYPE_LABELS[key]}
                </option>
              ))}
            </select>
          </div>
          <div>
            <Label htmlFor="block-title">{type === "button" ? "Button Text" : "Title"}</Label>
            <Input
              id="block-title"
              value={title}
              maxLength={CONTENT_LIMITS.title}
              aria-invalid={Boolean(titleError)}
              aria-describedby={titleError ? "block-title-error" : undefined}
              onChange={(event) => setTitle(event.target.value)}
            />
            {titleError && (
              <p id="block-title-error" className="mt-1 text-xs text-red-700">
                {titleError}
              </p>
            )}
          </div>
        </div>
        <BlockSettingsFields
          type={type}
          settings={settings}
          onChange={setSettings}
          studyId={studyId}
          errorFor={errorFor}
        />
        {!WITHOUT_CONTENT.has(type) && (
          <div>
            <Label htmlFor="block-content">Content</Label>
            <RichTextEditor id="block-content" label="Content" value={html} onChange={setHtml} />
          </div>
        )}
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" checked={visible} onChange={(event) => setVisible(event.target.checked)} />
          Visible to users
        </label>
      </form>
    </Dialog>
  );
}
