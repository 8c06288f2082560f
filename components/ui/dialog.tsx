"use client";

import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { Button } from "./button";
import { cn } from "./cn";

export type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  /** A line under the title, read out with it. */
  description?: ReactNode;
  children: ReactNode;
  /** Buttons at the bottom (Cancel, Save). */
  footer?: ReactNode;
  className?: string;
};

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog: labelled by its title, focus moves into it on open, stays inside while open
 * (Tab wraps), and returns to where it was on close; Escape closes. A click on the backdrop does
 * not close it, so a half-filled form is not lost to a stray click.
 */
export function Dialog(props: DialogProps) {
  if (!props.open) return null;
  return <DialogPanel {...props} />;
}

function DialogPanel({ onClose, title, description, children, footer, className }: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  // Where focus was before the dialog opened, read at the first render: a field's autoFocus may
  // already have moved it inside by the time the effect runs.
  const [opener] = useState(() =>
    typeof document !== "undefined" && document.activeElement instanceof HTMLElement
      ? document.activeElement
      : null,
  );
  useEffect(() => {
    const previous = opener;
    const panel = panelRef.current;
    // Focus moves in, to the first control, unless a field of the dialog took it (autoFocus).
    if (panel && !panel.contains(document.activeElement)) (focusables(panel)[0] ?? panel).focus();
    // Escape is heard on the document so it works wherever focus sits while the dialog is open.
    const onDocumentKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === "Escape" && !event.defaultPrevented) {
        event.preventDefault();
        onCloseRef.current();
      }
    };
    document.addEventListener("keydown", onDocumentKey);
    return () => {
      document.removeEventListener("keydown", onDocumentKey);
      if (previous?.isConnected) previous.focus();
    };
  }, [opener]);

  function trapTab(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== "Tab" || !panelRef.current) return;
    const items = focusables(panelRef.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return event.preventDefault();
    if (event.shiftKey && (document.activeElement === first || document.activeElement === panelRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    // items-start + my-auto: centred when it fits, and a dialog taller than the screen scrolls from
    // its top instead of losing it above the viewport.
    <div className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-slate-900/40 p-4">
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDown={trapTab}
        className={cn("my-auto w-full max-w-lg rounded-lg bg-white shadow-xl focus:outline-none", className)}
      >
        <div className="border-b border-slate-200 px-5 py-4">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {description && (
            <p id={descriptionId} className="mt-1 text-sm text-slate-600">
              {description}
            </p>
          )}
        </div>
        <div className="px-5 py-4">{children}</div>
        {footer && <div className="flex justify-end gap-2 border-t border-slate-200 px-5 py-3">{footer}</div>}
      </div>
    </div>
  );
}

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE));
}

/** The usual Cancel / Save pair for a dialog's footer. */
export function SaveCancelFooter({ onSave, onCancel }: { onSave: () => void; onCancel: () => void }) {
  const t = useTranslations("ui.dialog");
  return (
    <>
      <Button variant="secondary" onClick={onCancel}>
        {t("cancel")}
      </Button>
      <Button onClick={onSave}>{t("save")}</Button>
    </>
  );
}

/**
 * Enter in a text box saves. The dialogs use no <form>, so this also keeps Enter from submitting
 * any form around the editor.
 */
export function saveOnEnter(save: () => void) {
  return (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === "Enter" && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      save();
    }
  };
}
