import { apiRoute } from "@/lib/server/api/route";
import { deleteFieldTemplate } from "@/lib/server/field-templates/field-template-service";
import { FieldTemplateIdParams } from "@/lib/schemas/field-templates";

export const DELETE = apiRoute({
  params: FieldTemplateIdParams,
  handler: ({ db, actor, params, meta }) => deleteFieldTemplate(db, actor, params.id, meta),
});
