import { apiRoute } from "@/lib/server/api/route";
import { createFieldTemplate, listFieldTemplates } from "@/lib/server/field-templates/field-template-service";
import { FieldTemplateCreateBody, FieldTemplateListQuery } from "@/lib/schemas/field-templates";

export const GET = apiRoute({
  query: FieldTemplateListQuery,
  handler: ({ db, actor, query }) => listFieldTemplates(db, actor, query),
});

export const POST = apiRoute({
  body: FieldTemplateCreateBody,
  status: 201,
  handler: ({ db, actor, body, meta }) => createFieldTemplate(db, actor, body, meta),
});
