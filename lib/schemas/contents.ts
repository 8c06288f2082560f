/**
 * Homepage content blocks (spec §2 Homepage content, §3 Content block, §4, §5 Content, §7 contents
 * calls, §8 messages). Pure: the block form and the contents service run the same rules.
 */
import { z } from "zod";
import { CONTENT_BLOCK_TYPES } from "@/db/schema/content-blocks";
import { idOf } from "./patients";
import { messageRef } from "@/lib/i18n/message-ref";
import { LOCALES, type Locale } from "@/lib/i18n/locales";

export { CONTENT_BLOCK_TYPES };
export type ContentBlockType = (typeof CONTENT_BLOCK_TYPES)[number];

/** The seven types the block form offers; layout rows are made by the builder's Add Layout Row. */
export const EDITABLE_BLOCK_TYPES = CONTENT_BLOCK_TYPES.filter(
  (type): type is Exclude<ContentBlockType, "layout_row"> => type !== "layout_row",
);

export const BLOCK_TYPE_LABELS: Record<ContentBlockType, string> = {
  hero: "Hero",
  text_block: "Text Block",
  columns: "Columns",
  button: "Button",
  info_box: "Info Box",
  card_grid: "Card Grid",
  attachment: "Attachment",
  layout_row: "Layout Row",
};

/** Column spans on the 12-column grid (spec §2 Builder View). */
export const LAYOUT_SPANS = {
  "1": [12],
  "2": [6, 6],
  "3": [4, 4, 4],
  "2-1": [8, 4],
  "1-2": [4, 8],
} as const;
export type Layout = keyof typeof LAYOUT_SPANS;
export const LAYOUTS = Object.keys(LAYOUT_SPANS) as Layout[];
export const LAYOUT_LABELS: Record<Layout, string> = {
  "1": "1 Column",
  "2": "2 Columns",
  "3": "3 Columns",
  "2-1": "2:1 Split",
  "1-2": "1:2 Split",
};

export const BUTTON_STYLES = ["primary", "secondary", "success", "danger"] as const;
export const INFO_BOX_VARIANTS = ["info", "success", "warning", "danger"] as const;

export const CONTENT_LIMITS = {
  title: 200,
  html: 100_000,
  url: 2000,
  cards: 24,
  cardText: 2000,
  fileName: 255,
  reorder: 500,
  previewChars: 100,
  editorHeight: 400,
} as const;

export const CONTENT_MESSAGES = {
  title: (studyName: string) => `Manage Homepage Content: ${studyName}`,
  empty: "No content blocks yet",
  confirmDelete: "Are you sure you want to delete this content block?",
  confirmDeleteRow: "Delete this row and all its content?",
  confirmDeleteBlock: "Delete this block?",
  noLayout: "No Layout Yet",
  addFirstRow: "Add Your First Row",
  uploadFailed: "Failed to upload file",
  moveFailed: "Failed to move block",
  createFailed: "Failed to create content block",
  updateFailed: "Failed to update content block",
  deleteFailed: "Failed to delete content block",
  loadFailed: "Failed to load content blocks",
  notFound: messageRef("api.contents.notFound"),
  studyNotFound: messageRef("api.studies.notFound"),
  buttonTextRequired: messageRef("api.contents.buttonTextRequired"),
  buttonUrl: messageRef("api.contents.buttonUrl"),
  invalidLayout: messageRef("api.contents.invalidLayout"),
  attachmentRequired: messageRef("api.contents.attachmentRequired"),
  parentNotRow: messageRef("api.contents.parentNotRow"),
  rowInRow: messageRef("api.contents.rowInRow"),
  columnOutOfRange: messageRef("api.contents.columnOutOfRange"),
} as const;

/** An http(s) address: the only kind a button may link to (no javascript:, data:, relative). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** Our own download route for an upload (`/api/files/{uuid}`): what attachments and logos point at. */
export const FILE_URL = /^\/api\/files\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const fileUrlOf = (id: string) => `/api/files/${id}`;

const html = z.string().max(CONTENT_LIMITS.html);
const text = (max: number) => z.string().max(max);
const layout = z.enum(LAYOUTS as [Layout, ...Layout[]], { error: CONTENT_MESSAGES.invalidLayout });

/** Settings by type (spec §3). Unknown keys are refused; empty columns and cards are dropped (§5). */
export const SETTINGS_SCHEMAS: Record<ContentBlockType, z.ZodType<Record<string, unknown>>> = {
  hero: z.object({}).strict(),
  text_block: z.object({}).strict(),
  info_box: z.object({ variant: z.enum(INFO_BOX_VARIANTS).default("info") }).strict(),
  button: z
    .object({
      url: text(CONTENT_LIMITS.url).refine(isHttpUrl, CONTENT_MESSAGES.buttonUrl),
      style: z.enum(BUTTON_STYLES).default("primary"),
    })
    .strict(),
  columns: z
    .object({
      layout,
      columns: z
        .array(z.object({ content: html }).strict())
        .max(3)
        .default([])
        .transform((columns) => columns.filter((column) => column.content.trim() !== "")),
    })
    .strict(),
  card_grid: z
    .object({
      cards: z
        .array(
          z
            .object({ title: text(CONTENT_LIMITS.title), description: text(CONTENT_LIMITS.cardText) })
            .strict(),
        )
        .max(CONTENT_LIMITS.cards)
        .default([])
        .transform((cards) => cards.filter((c) => c.title.trim() !== "" || c.description.trim() !== "")),
    })
    .strict(),
  attachment: z
    .object({
      file_url: z.string().regex(FILE_URL, CONTENT_MESSAGES.attachmentRequired),
      file_name: text(CONTENT_LIMITS.fileName).min(1),
      file_size: z.number().int().nonnegative(),
    })
    .strict(),
  layout_row: z.object({ layout }).strict(),
};

export type BlockIssue = { loc: (string | number)[]; msg: string; type: string };

/**
 * The per-type rules of one block: settings by its type, and a button's text (its title). Returns
 * the normalised settings, or issues located under `body`.
 */
export function checkBlock(
  type: ContentBlockType,
  title: string | null | undefined,
  settings: unknown,
): { ok: true; settings: Record<string, unknown> } | { ok: false; issues: BlockIssue[] } {
  const issues: BlockIssue[] = [];
  if (type === "button" && !title?.trim())
    issues.push({ loc: ["body", "title"], msg: CONTENT_MESSAGES.buttonTextRequired, type: "missing" });
  const parsed = SETTINGS_SCHEMAS[type].safeParse(settings ?? {});
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      issues.push({
        loc: ["body", "settings", ...issue.path.map((p) => (typeof p === "number" ? p : String(p)))],
        msg: issue.message,
        type: issue.code,
      });
  }
  if (issues.length > 0 || !parsed.success) return { ok: false, issues };
  return { ok: true, settings: parsed.data };
}

const BlockFields = {
  title: text(CONTENT_LIMITS.title).nullable().optional(),
  content: z.object({ html: html.optional() }).strict().optional(),
  settings: z.record(z.string(), z.unknown()).optional(),
  is_visible: z.boolean().optional(),
  order: z.number().int().min(0).max(1_000_000).optional(),
  parent_id: idOf("parent_id").nullable().optional(),
  column_index: z.number().int().min(0).max(2).nullable().optional(),
  /** The readers the block is for: null every reader, else those reading in it (decision 0022). */
  language: z.enum(LOCALES).nullable().optional(),
};

export const ContentBlockCreateBody = z
  .object({ type: z.enum(CONTENT_BLOCK_TYPES), ...BlockFields })
  .strict();
export type ContentBlockCreateBody = z.infer<typeof ContentBlockCreateBody>;

/** PATCH: any subset; the type is fixed once created (the form locks it). */
export const ContentBlockUpdateBody = z.object(BlockFields).strict();
export type ContentBlockUpdateBody = z.infer<typeof ContentBlockUpdateBody>;

export const ContentReorderBody = z
  .object({
    content_ids: z
      .array(idOf(messageRef("api.labels.contentId")))
      .min(1)
      .max(CONTENT_LIMITS.reorder),
  })
  .strict();
export type ContentReorderBody = z.infer<typeof ContentReorderBody>;

export const ContentListQuery = z.object({
  include_hidden: z
    .enum(["true", "false", "1", "0"])
    .optional()
    .transform((v) => v === "true" || v === "1"),
  /** The blocks a reader of this language sees (its own and everyone's; else the other's). */
  lang: z.enum(LOCALES).optional(),
});
export type ContentListQuery = z.infer<typeof ContentListQuery>;

export const ContentParams = z.object({ id: idOf(messageRef("api.labels.studyId")) });
export const ContentItemParams = z.object({
  id: idOf(messageRef("api.labels.studyId")),
  contentId: idOf(messageRef("api.labels.contentIdCapital")),
});

export type ContentBlock = {
  id: number;
  type: ContentBlockType;
  title: string | null;
  content: { html?: string };
  settings: Record<string, unknown>;
  is_visible: boolean;
  order: number;
  parent_id: number | null;
  column_index: number | null;
  language: Locale | null;
  children: ContentBlock[];
};

export const ContentBlockResponse: z.ZodType<ContentBlock> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    type: z.enum(CONTENT_BLOCK_TYPES),
    title: z.string().nullable(),
    content: z.object({ html: z.string().optional() }),
    settings: z.record(z.string(), z.unknown()),
    is_visible: z.boolean(),
    order: z.number().int(),
    parent_id: z.number().int().nullable(),
    column_index: z.number().int().nullable(),
    language: z.enum(LOCALES).nullable(),
    children: z.array(ContentBlockResponse),
  }),
);
export const ContentListResponse = z.array(ContentBlockResponse);

/** Upload response (spec §3). */
export const UploadResponse = z.object({
  id: z.string(),
  file_url: z.string(),
  file_name: z.string(),
  file_size: z.number().int(),
  content_type: z.string(),
});
export type UploadResponse = z.infer<typeof UploadResponse>;
export const UploadQuery = z.object({ study_id: idOf("study_id").optional() });
export const FileParams = z.object({ id: z.uuid(messageRef("api.contents.fileIdUuid")) });
export const StudyLogoParams = z.object({ id: idOf(messageRef("api.labels.studyId")) });

/** List View preview: the HTML's text, tags stripped, cut at 100 characters (spec §2, §9). */
export function previewText(htmlText: string | undefined): string {
  const plain = (htmlText ?? "")
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
  return plain.length > CONTENT_LIMITS.previewChars
    ? `${plain.slice(0, CONTENT_LIMITS.previewChars)}...`
    : plain;
}

export function layoutOf(row: Pick<ContentBlock, "settings">): Layout {
  const value = row.settings.layout;
  if (typeof value === "string" && value in LAYOUT_SPANS) return value as Layout;
  throw new Error(`Invalid layout: ${String(value)}`);
}
