"use client";

import { useState } from "react";
import { useFormat } from "@/components/i18n/use-format";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { errorText, useDeleteFieldTemplate, useFieldTemplates } from "@/lib/client/field-templates";
import { TEMPLATE_MESSAGES, categoryChips, type FieldTemplate } from "@/lib/schemas/field-templates";
import { CreateTemplateDialog } from "./create-template-dialog";

const SHOWN_FIELDS = 4;

/** /admin/templates (spec §2, Field Templates): filter chips, template cards, create and delete. */
export function FieldTemplatesPage({ canCreateGlobal }: { canCreateGlobal: boolean }) {
  const templates = useFieldTemplates();
  const remove = useDeleteFieldTemplate();
  const [category, setCategory] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [status, setStatus] = useState<{ tone: "info" | "error"; text: string } | null>(null);

  const all = templates.data?.templates ?? [];
  const shown = category === null ? all : all.filter((t) => t.category === category);
  const chips = categoryChips(all);

  async function onDelete(template: FieldTemplate) {
    if (!window.confirm(TEMPLATE_MESSAGES.deleteConfirm(template.name))) return;
    try {
      await remove.mutateAsync(template.id);
      setStatus({ tone: "info", text: TEMPLATE_MESSAGES.deleted });
      if (category !== null && all.filter((t) => t.category === category).length <= 1) setCategory(null);
    } catch (error) {
      setStatus({ tone: "error", text: `Error deleting template: ${errorText(error)}` });
    }
  }

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">Field Templates</h1>
          <p className="text-sm text-slate-600">Reusable sets of fields to import into any study.</p>
        </div>
        <Button onClick={() => setCreating(true)}>+ Create Template</Button>
      </div>
      {status && (
        <Alert tone={status.tone} className="mb-4">
          {status.text}
        </Alert>
      )}
      {templates.isPending ? (
        <p className="text-slate-500">Loading templates...</p>
      ) : templates.error ? (
        <Alert>
          <p>Error loading templates: {errorText(templates.error)}</p>
          <Button variant="secondary" className="mt-2" onClick={() => void templates.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : (
        <>
          <div role="group" aria-label="Filter by category" className="mb-4 flex flex-wrap gap-2">
            {chips.map((chip) => (
              <button
                key={chip.key ?? "__all"}
                type="button"
                aria-pressed={category === chip.key}
                onClick={() => setCategory(chip.key)}
                className={cn(
                  "rounded-full border px-3 py-1 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600/40",
                  category === chip.key
                    ? "border-brand-600 bg-brand-600 text-white"
                    : "border-slate-300 bg-white text-slate-700 hover:bg-slate-100",
                )}
              >
                {chip.label}
              </button>
            ))}
          </div>
          {shown.length === 0 ? (
            <p className="rounded-md border border-dashed border-slate-300 px-4 py-8 text-center text-slate-600">
              {TEMPLATE_MESSAGES.emptyCategory}
            </p>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {shown.map((t) => (
                <TemplateCard key={t.id} template={t} onDelete={() => void onDelete(t)} />
              ))}
            </ul>
          )}
        </>
      )}
      {creating && (
        <CreateTemplateDialog
          canCreateGlobal={canCreateGlobal}
          onClose={() => setCreating(false)}
          onCreated={() => {
            setCreating(false);
            setStatus({ tone: "info", text: TEMPLATE_MESSAGES.created });
          }}
        />
      )}
    </div>
  );
}

function TemplateCard({ template: t, onDelete }: { template: FieldTemplate; onDelete: () => void }) {
  const more = t.fields.length - SHOWN_FIELDS;
  const fmt = useFormat();
  return (
    <li
      aria-label={`Template ${t.name}`}
      className="flex flex-col rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="mb-1 flex items-start justify-between gap-2">
        <h2 className="font-semibold text-slate-900">{t.name}</h2>
        <Badge tone={t.is_global ? "neutral" : "muted"}>{t.is_global ? "Global" : "Personal"}</Badge>
      </div>
      <p className="text-xs text-slate-500">
        {t.category} · {t.field_count} {t.field_count === 1 ? "field" : "fields"}
      </p>
      {t.description && <p className="mt-2 text-sm text-slate-700">{t.description}</p>}
      <ul className="mt-3 space-y-1 text-sm">
        {t.fields.slice(0, SHOWN_FIELDS).map((f) => (
          <li key={f.name} className="flex gap-2">
            <span className="rounded bg-slate-100 px-1.5 font-mono text-xs leading-5 text-slate-600">
              {f.type}
            </span>
            <span className="truncate text-slate-800">{f.label}</span>
          </li>
        ))}
      </ul>
      {more > 0 && <p className="mt-1 text-xs text-slate-500">+{more} more fields</p>}
      <div className="mt-auto flex items-center justify-between gap-2 pt-3">
        <span className="text-xs text-slate-500">Created {fmt.date(t.created_at)}</span>
        {t.can_delete && (
          <Button
            variant="destructive"
            className="px-2 py-1 text-xs"
            aria-label={`Delete template ${t.name}`}
            onClick={onDelete}
          >
            Delete
          </Button>
        )}
      </div>
    </li>
  );
}
