"use client";

import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FIELD_TYPES, type FieldType } from "@/lib/schemas/study-config";
import { FIELD_TYPE_DESCRIPTIONS } from "@/lib/study-editor/data-fields";

/** Every field type with its one-line description; choosing one adds the field. */
export function AddFieldDialog({
  open,
  entityLabel,
  onPick,
  onClose,
}: {
  open: boolean;
  entityLabel: string;
  onPick: (type: FieldType) => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`Add ${entityLabel} Field`}
      description="Choose the type of the new field."
      footer={
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      }
    >
      <ul className="grid max-h-[60vh] gap-2 overflow-y-auto sm:grid-cols-2">
        {FIELD_TYPES.map((type) => (
          <li key={type}>
            <button
              type="button"
              aria-label={`${type}: ${FIELD_TYPE_DESCRIPTIONS[type]}`}
              className="w-full rounded-md border border-slate-200 px-3 py-2 text-left hover:border-brand-600 hover:bg-brand-600/5 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600/40"
              onClick={() => onPick(type)}
            >
              <span className="block font-mono text-sm font-medium text-slate-900">{type}</span>
              <span className="block text-xs text-slate-600">{FIELD_TYPE_DESCRIPTIONS[type]}</span>
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
