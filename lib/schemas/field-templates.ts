/**
 * Field templates (spec §3, §7): reusable sets of data fields, global (everyone sees them) or
 * personal (only their creator does). Pure: the API, the editor's library modal and the
 * /admin/templates page use these shapes and messages.
 */
import { z } from "zod";
import { MESSAGES } from "./study-config-rules";
import { DataFieldSchema, NAME_MAX_LENGTH, NAME_PATTERN } from "./study-config";
import { messageRef } from "@/lib/i18n/message-ref";

export const TEMPLATE_DEFAULT_CATEGORY = "Other";
export const TEMPLATE_LIMITS = { name: 200, description: 2000, category: 100, fields: 500 } as const;

export const TEMPLATE_MESSAGES = {
  nameRequired: messageRef("api.templates.nameRequired"),
  selectField: messageRef("api.templates.selectField"),
  uniqueNames: messageRef("api.templates.uniqueNames"),
  notFound: messageRef("api.templates.notFound"),
  notYours: messageRef("api.templates.notYours"),
  globalNeedsAdmin: messageRef("api.templates.globalNeedsAdmin"),
  saved: "Template saved successfully!",
  created: "Template created successfully!",
  deleted: "Template deleted successfully!",
  deleteConfirm: (name: string) => `Delete template "${name}"?`,
  emptyCategory: "No templates in this category",
} as const;

/**
 * A template field: a data field without its entity (the study it is imported into decides). The
 * spec names name, label, type, category and order; a field saved from the editor keeps the rest
 * (options, validation, sub-fields, conditions) so an import brings back the same field.
 */
export const TemplateFieldSchema = DataFieldSchema.omit({ entity: true }).extend({
  name: z
    .string()
    .trim()
    .min(1, MESSAGES.fieldNameRequired)
    .max(NAME_MAX_LENGTH, MESSAGES.fieldNameTooLong)
    .regex(NAME_PATTERN, MESSAGES.fieldNameFormat),
});
export type TemplateField = z.infer<typeof TemplateFieldSchema>;

export const FieldTemplateCreateBody = z.object({
  name: z.string().trim().min(1, TEMPLATE_MESSAGES.nameRequired).max(TEMPLATE_LIMITS.name),
  description: z.string().trim().max(TEMPLATE_LIMITS.description).nullish(),
  category: z.string().trim().max(TEMPLATE_LIMITS.category).nullish(),
  fields: z
    .array(TemplateFieldSchema)
    .min(1, TEMPLATE_MESSAGES.selectField)
    .max(TEMPLATE_LIMITS.fields)
    .superRefine((fields, ctx) => {
      const seen = new Set<string>();
      fields.forEach((field, i) => {
        if (seen.has(field.name))
          ctx.addIssue({ code: "custom", path: [i, "name"], message: TEMPLATE_MESSAGES.uniqueNames });
        seen.add(field.name);
      });
    }),
  is_global: z.boolean().default(true),
});
export type FieldTemplateCreateBody = z.infer<typeof FieldTemplateCreateBody>;

export const FieldTemplateListQuery = z.object({
  category: z.string().trim().max(TEMPLATE_LIMITS.category).optional(),
});
export type FieldTemplateListQuery = z.infer<typeof FieldTemplateListQuery>;

export const FieldTemplateIdParams = z.object({
  id: z.coerce
    .number({ error: messageRef("api.templates.idNumber") })
    .int(messageRef("api.templates.idNumber"))
    .positive(messageRef("api.templates.idNumber"))
    .max(2_147_483_647, messageRef("api.templates.idNumber")),
});

export const FieldTemplateResponse = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  category: z.string(),
  fields: z.array(TemplateFieldSchema),
  field_count: z.number(),
  is_global: z.boolean(),
  created_at: z.string(),
  created_by: z.number().nullable(),
  /** Whether the caller may delete it (the creator). */
  can_delete: z.boolean(),
});
export type FieldTemplate = z.infer<typeof FieldTemplateResponse>;

export const FieldTemplateListResponse = z.object({
  templates: z.array(FieldTemplateResponse),
  total: z.number(),
});
export type FieldTemplateList = z.infer<typeof FieldTemplateListResponse>;

/** The types the Create Template dialog offers (spec §2). */
export const TEMPLATE_FIELD_TYPES = ["text", "number", "select", "textarea", "date", "boolean"] as const;

/**
 * Add Field in the Create Template dialog: field_N, label Field N, type text, the template's
 * category (or general), order N, where N is the field's position (the next free N if taken).
 */
export function newTemplateField(fields: readonly TemplateField[], category: string): TemplateField {
  const taken = new Set(fields.map((f) => f.name));
  let n = fields.length + 1;
  while (taken.has(`field_${n}`)) n += 1;
  return {
    name: `field_${n}`,
    label: `Field ${n}`,
    type: "text",
    category: category.trim() || "general",
    order: n,
  };
}

/** 'All (total)' then each distinct category with its count, in first-seen order. */
export function categoryChips(
  templates: readonly { category: string }[],
): { key: string | null; label: string }[] {
  const counts = new Map<string, number>();
  for (const t of templates) counts.set(t.category, (counts.get(t.category) ?? 0) + 1);
  return [
    { key: null, label: `All (${templates.length})` },
    ...[...counts.entries()].map(([key, count]) => ({ key, label: `${key} (${count})` })),
  ];
}
