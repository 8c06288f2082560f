"use client";

import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { errorText, useFieldTemplates } from "@/lib/client/field-templates";
import { TEMPLATE_DEFAULT_CATEGORY, type FieldTemplate } from "@/lib/schemas/field-templates";
import type { FieldEntity } from "@/lib/schemas/study-config";

/**
 * The field template library (spec §2): templates grouped by category ('Other' when none), each
 * importable into the entity being edited. Names are made unique by the editor (_1, _2 …).
 */
export function TemplateLibraryDialog({
  open,
  entity,
  onImport,
  onClose,
}: {
  open: boolean;
  entity: FieldEntity;
  onImport: (template: FieldTemplate) => void;
  onClose: () => void;
}) {
  const t = useTranslations("editorFields.library");
  const tc = useTranslations("common.actions");
  const templates = useFieldTemplates(open);
  const groups = new Map<string, FieldTemplate[]>();
  for (const template of templates.data?.templates ?? []) {
    const key = template.category || TEMPLATE_DEFAULT_CATEGORY;
    groups.set(key, [...(groups.get(key) ?? []), template]);
  }
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t("title")}
      description={entity === "patient" ? t("patientDescription") : t("visitDescription")}
      className="max-w-2xl"
      footer={
        <Button variant="secondary" onClick={onClose}>
          {tc("close")}
        </Button>
      }
    >
      {templates.isPending ? (
        <p className="text-sm text-slate-500">{t("loading")}</p>
      ) : templates.error ? (
        <p role="alert" className="text-sm text-red-700">
          {t("loadFailed", { detail: errorText(templates.error) })}
        </p>
      ) : groups.size === 0 ? (
        <p className="text-sm text-slate-500">{t("empty")}</p>
      ) : (
        <div className="max-h-[60vh] space-y-4 overflow-y-auto">
          {[...groups.entries()].map(([category, list]) => (
            <section key={category} aria-label={t("category", { name: category })}>
              <h3 className="mb-2 text-sm font-semibold text-slate-700">{category}</h3>
              <ul className="space-y-2">
                {list.map((template) => (
                  <li
                    key={template.id}
                    className="flex flex-wrap items-center gap-2 rounded-md border border-slate-200 p-3"
                  >
                    <div className="min-w-0 flex-1">
                      <p className="font-medium text-slate-900">
                        {template.name}{" "}
                        <Badge tone="muted">{template.is_global ? t("global") : t("personal")}</Badge>
                      </p>
                      {template.description && (
                        <p className="text-xs text-slate-600">{template.description}</p>
                      )}
                      <p className="text-xs text-slate-500">
                        {t("fieldCount", { count: template.field_count })}
                        {template.fields.map((f) => f.label).join(", ")}
                      </p>
                    </div>
                    <Button
                      className="px-3 py-1"
                      aria-label={t("importLabel", { name: template.name })}
                      onClick={() => onImport(template)}
                    >
                      {t("import")}
                    </Button>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </Dialog>
  );
}
