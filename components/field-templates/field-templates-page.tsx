"use client";

import { useTranslations } from "next-intl";
import { StudyTextView } from "@/components/study-text/study-text-view";
import { useState } from "react";
import { useFormat } from "@/components/i18n/use-format";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { errorText, useDeleteFieldTemplate, useFieldTemplates } from "@/lib/client/field-templates";
import { categoryChips, type FieldTemplate } from "@/lib/schemas/field-templates";
import { CreateTemplateDialog } from "./create-template-dialog";

const SHOWN_FIELDS = 4;

/** /admin/templates (spec §2, Field Templates): filter chips, template cards, create and delete. */
export function FieldTemplatesPage({ canCreateGlobal }: { canCreateGlobal: boolean }) {
  const t = useTranslations("templates");
  const templates = useFieldTemplates();
  const remove = useDeleteFieldTemplate();
  const [category, setCategory] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [status, setStatus] = useState<{ tone: "info" | "error"; text: string } | null>(null);

  const all = templates.data?.templates ?? [];
  const shown = category === null ? all : all.filter((template) => template.category === category);
  const chips = categoryChips(all).map(({ key }) => {
    const count = key === null ? all.length : all.filter((template) => template.category === key).length;
    return {
      key,
      label: key === null ? t("allChip", { count }) : t("categoryChip", { category: key, count }),
    };
  });

  async function onDelete(template: FieldTemplate) {
    if (!window.confirm(t("deleteConfirm", { name: template.name }))) return;
    try {
      await remove.mutateAsync(template.id);
      setStatus({ tone: "info", text: t("deleted") });
      if (category !== null && all.filter((other) => other.category === category).length <= 1)
        setCategory(null);
    } catch (error) {
      setStatus({ tone: "error", text: t("deleteFailed", { detail: errorText(error) }) });
    }
  }

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t("title")}</h1>
          <p className="text-sm text-slate-600">{t("intro")}</p>
        </div>
        <Button onClick={() => setCreating(true)}>{t("create")}</Button>
      </div>
      {status && (
        <Alert tone={status.tone} className="mb-4">
          {status.text}
        </Alert>
      )}
      {templates.isPending ? (
        <p className="text-slate-500">{t("loading")}</p>
      ) : templates.error ? (
        <Alert>
          <p>{t("loadFailed", { detail: errorText(templates.error) })}</p>
          <Button variant="secondary" className="mt-2" onClick={() => void templates.refetch()}>
            {t("retry")}
          </Button>
        </Alert>
      ) : (
        <>
          <div role="group" aria-label={t("filterLabel")} className="mb-4 flex flex-wrap gap-2">
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
              {t("emptyCategory")}
            </p>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {shown.map((template) => (
                <TemplateCard
                  key={template.id}
                  template={template}
                  onDelete={() => void onDelete(template)}
                />
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
            setStatus({ tone: "info", text: t("created") });
          }}
        />
      )}
    </div>
  );
}

function TemplateCard({ template, onDelete }: { template: FieldTemplate; onDelete: () => void }) {
  const t = useTranslations("templates.card");
  const fmt = useFormat();
  const more = template.fields.length - SHOWN_FIELDS;
  return (
    <li
      aria-label={t("label", { name: template.name })}
      className="flex flex-col rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="mb-1 flex items-start justify-between gap-2">
        <h2 className="font-semibold text-slate-900">{template.name}</h2>
        <Badge tone={template.is_global ? "neutral" : "muted"}>
          {template.is_global ? t("global") : t("personal")}
        </Badge>
      </div>
      <p className="text-xs text-slate-500">
        {t("summary", { category: template.category, count: template.field_count })}
      </p>
      {template.description && <p className="mt-2 text-sm text-slate-700">{template.description}</p>}
      <ul className="mt-3 space-y-1 text-sm">
        {template.fields.slice(0, SHOWN_FIELDS).map((f) => (
          <li key={f.name} className="flex gap-2">
            <span className="rounded bg-slate-100 px-1.5 font-mono text-xs leading-5 text-slate-600">
              {f.type}
            </span>
            <StudyTextView className="truncate text-slate-800" text={f.label} />
          </li>
        ))}
      </ul>
      {more > 0 && <p className="mt-1 text-xs text-slate-500">{t("more", { count: more })}</p>}
      <div className="mt-auto flex items-center justify-between gap-2 pt-3">
        <span className="text-xs text-slate-500">
          {t("createdOn", { date: fmt.date(template.created_at) })}
        </span>
        {template.can_delete && (
          <Button
            variant="destructive"
            className="px-2 py-1 text-xs"
            aria-label={t("deleteLabel", { name: template.name })}
            onClick={onDelete}
          >
            {t("delete")}
          </Button>
        )}
      </div>
    </li>
  );
}
