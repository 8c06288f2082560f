import "server-only";
import { and, desc, eq, or, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { fieldTemplates } from "@/db/schema";
import {
  TEMPLATE_DEFAULT_CATEGORY,
  TEMPLATE_MESSAGES,
  type FieldTemplate,
  type FieldTemplateCreateBody,
  type FieldTemplateList,
  type FieldTemplateListQuery,
  type TemplateField,
} from "@/lib/schemas/field-templates";
import { forbidden, notFound } from "../api/errors";
import type { RequestMeta } from "../api/request-meta";
import type { Actor } from "../auth/actor";
import { hasPlatformPermission, isSuperuser } from "../auth/policy";
import { auditedTransaction } from "../audit/audit-writer";

type TemplateRow = typeof fieldTemplates.$inferSelect;

const ENTITY_TYPE = "field_template";

/**
 * Who may delete: the creator. A superuser may also delete a global template (someone must be able
 * to retire a shared template whose author left); another user's personal template stays theirs.
 */
function canDelete(actor: Actor, row: TemplateRow): boolean {
  return row.createdBy === actor.userId || (row.isGlobal && isSuperuser(actor));
}

function toResponse(actor: Actor, row: TemplateRow): FieldTemplate {
  const fields = row.fields as TemplateField[];
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category,
    fields,
    field_count: fields.length,
    is_global: row.isGlobal,
    created_at: row.createdAt.toISOString(),
    created_by: row.createdBy,
    can_delete: canDelete(actor, row),
  };
}

/** Global templates and the caller's own personal ones; another user's personal ones never. */
function visibleTo(actor: Actor): SQL {
  return or(eq(fieldTemplates.isGlobal, true), eq(fieldTemplates.createdBy, actor.userId))!;
}

export async function listFieldTemplates(
  db: Db,
  actor: Actor,
  query: FieldTemplateListQuery,
): Promise<FieldTemplateList> {
  const where = query.category
    ? and(visibleTo(actor), eq(fieldTemplates.category, query.category))
    : visibleTo(actor);
  const rows = await db
    .select()
    .from(fieldTemplates)
    .where(where)
    .orderBy(desc(fieldTemplates.createdAt), desc(fieldTemplates.id));
  return { templates: rows.map((row) => toResponse(actor, row)), total: rows.length };
}

/** Anyone signed in may keep personal templates; a global one is for platform administrators. */
export async function createFieldTemplate(
  db: Db,
  actor: Actor,
  body: FieldTemplateCreateBody,
  meta: RequestMeta,
): Promise<FieldTemplate> {
  if (body.is_global && !hasPlatformPermission(actor, "templates.manage"))
    throw forbidden(TEMPLATE_MESSAGES.globalNeedsAdmin, { entityType: ENTITY_TYPE });
  return auditedTransaction(db, async (tx, audit) => {
    const [row] = await tx
      .insert(fieldTemplates)
      .values({
        name: body.name,
        description: body.description || null,
        category: body.category || TEMPLATE_DEFAULT_CATEGORY,
        fields: body.fields,
        isGlobal: body.is_global,
        createdBy: actor.userId,
      })
      .returning();
    const response = toResponse(actor, row!);
    audit({
      action: "create",
      entityType: ENTITY_TYPE,
      entityId: row!.id,
      actor: { userId: actor.userId, email: actor.email },
      meta,
      newValues: auditable(response),
    });
    return response;
  });
}

export async function deleteFieldTemplate(
  db: Db,
  actor: Actor,
  id: number,
  meta: RequestMeta,
): Promise<void> {
  await auditedTransaction(db, async (tx, audit) => {
    const [row] = await tx.select().from(fieldTemplates).where(eq(fieldTemplates.id, id)).for("update");
    const context = { entityType: ENTITY_TYPE, entityId: id };
    // Another user's personal template is not acknowledged to exist.
    if (!row || (!row.isGlobal && row.createdBy !== actor.userId))
      throw notFound(TEMPLATE_MESSAGES.notFound, row ? context : undefined);
    if (!canDelete(actor, row)) throw forbidden(TEMPLATE_MESSAGES.notYours, context);
    await tx.delete(fieldTemplates).where(eq(fieldTemplates.id, id));
    audit({
      action: "delete",
      entityType: ENTITY_TYPE,
      entityId: id,
      actor: { userId: actor.userId, email: actor.email },
      meta,
      oldValues: auditable(toResponse(actor, row)),
    });
  });
}

function auditable(template: FieldTemplate): Record<string, unknown> {
  const { can_delete: _canDelete, ...rest } = template;
  return rest;
}
