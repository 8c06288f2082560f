"use client";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { errorText, useFieldTemplates } from "@/lib/client/field-templates";
import { TEMPLATE_DEFAULT_CATEGORY, type FieldTemplate } from "@/lib/schemas/field-templates";

/**
 * The field template library (spec §2): templates grouped by category ('Other' when none), each
 * importable into the entity being edited. Names are made unique by the editor (_1, _2 …).
 */
export function TemplateLibraryDialog({
  open,
  entityLabel,
  onImport,
  onClose,
}: {
  open: boolean;
  entityLabel: string;
  onImport: (template: FieldTemplate) => void;
  onClose: () => void;
}) {
  const templates = useFieldTemplates(open);
  const groups = new Map<string, FieldTemplate[]>();
  for (const t of templates.data?.templates ?? []) {
    const key = t.category || TEMPLATE_DEFAULT_CATEGORY;
    groups.set(key, [...(groups.get(key) ?? []), t]);
  }
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Field Templates"
      description={`Import a template's fields into the ${entityLabel.toLowerCase()} fields.`}
      className="max-w-2xl"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {templates.isPending ? (
        <p className="text-sm text-slate-500">Loading templates...</p>
      ) : templates.error ? (
        <p role="alert" className="text-sm text-red-700">
          Error loading templates: {errorText(templates.error)}
        </p>
      ) : groups.size === 0 ? (
        <p className="text-sm text-slate-500">No templates yet. Select fields and use Save as Template.</p>
      ) : (
        <div className="max-h-[60vh] space-y-4 overflow-y-auto">
          {[...groups.entries()].map(([category, list]) => (
            <section key={category} aria-label={`Category ${category}`}>
              <h3 className="mb-2 text-sm font-semibold text-slate-700">{category}</h3>
              <ul className="space-y-2">
                {list.map((t) => (
                  <li
                    key={t.id}
                    className="flex flex-wrap items-center gap-2 rounded-md border border-slate-200 p-3"
                  >
                    <div className="min-w-0 flex-1">
                      <p className="font-medium text-slate-900">
                        {t.name} <Badge tone="muted">{t.is_global ? "Global" : "Personal"}</Badge>
                      </p>
                      {t.description && <p className="text-xs text-slate-600">{t.description}</p>}
                      <p className="text-xs text-slate-500">
                        {t.field_count} {t.field_count === 1 ? "field" : "fields"}:{" "}
                        {t.fields.map((f) => f.label).join(", ")}
                      </p>
                    </div>
                    <Button className="px-3 py-1" aria-label={`Import ${t.name}`} onClick={() => onImport(t)}>
                      Import
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
