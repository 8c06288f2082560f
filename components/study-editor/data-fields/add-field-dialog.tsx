"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FIELD_TYPES, type FieldEntity, type FieldType } from "@/lib/schemas/study-config";

/** Every field type with its one-line description; choosing one adds the field. */
export function AddFieldDialog({
  open,
  entity,
  onPick,
  onClose,
}: {
  open: boolean;
  entity: FieldEntity;
  onPick: (type: FieldType) => void;
  onClose: () => void;
}) {
  const t = useTranslations("editorFields");
  const tc = useTranslations("common.actions");
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={entity === "patient" ? t("add.patientTitle") : t("add.visitTitle")}
      description={t("add.description")}
      footer={
        <Button variant="secondary" onClick={onClose}>
          {tc("cancel")}
        </Button>
      }
    >
      <ul className="grid max-h-[60vh] gap-2 overflow-y-auto sm:grid-cols-2">
        {FIELD_TYPES.map((type) => (
          <li key={type}>
            <button
              type="button"
              aria-label={t("add.option", { type, description: t(`types.${type}`) })}
              className="w-full rounded-md border border-slate-200 px-3 py-2 text-left hover:border-brand-600 hover:bg-brand-600/5 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600/40"
              onClick={() => onPick(type)}
            >
              <span className="block font-mono text-sm font-medium text-slate-900">{type}</span>
              <span className="block text-xs text-slate-600">{t(`types.${type}`)}</span>
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
