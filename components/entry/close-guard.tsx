"use client";

import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";

/**
 * Closing a clinical dialog with changes asks first (docs/decisions/0027): Keep editing or
 * Discard. Escape, the Cancel button and the dialog's close all go through `requestClose`; a
 * second Escape while the question shows keeps editing (the safe answer). `onDiscard` forgets the
 * kept draft; then the dialog closes.
 */
export function useCloseGuard(dirty: boolean, onClose: () => void, onDiscard: () => void) {
  const [asking, setAsking] = useState(false);
  const requestClose = () => {
    if (!dirty) return onClose();
    setAsking((shown) => !shown);
  };
  const confirm: ReactNode = asking ? (
    <DiscardConfirm
      onKeep={() => setAsking(false)}
      onDiscard={() => {
        setAsking(false);
        onDiscard();
        onClose();
      }}
    />
  ) : null;
  return { requestClose, confirm };
}

function DiscardConfirm({ onKeep, onDiscard }: { onKeep: () => void; onDiscard: () => void }) {
  const t = useTranslations("entry.closeConfirm");
  const titleId = useId();
  const keepRef = useRef<HTMLButtonElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    boxRef.current?.scrollIntoView({ block: "nearest" });
    keepRef.current?.focus();
  }, []);
  return (
    <div
      ref={boxRef}
      role="alertdialog"
      aria-labelledby={titleId}
      className="sticky top-0 z-10 mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 shadow"
    >
      <p id={titleId} className="font-medium">
        {t("title")}
      </p>
      <p className="mt-1">{t("body")}</p>
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        <Button ref={keepRef} variant="secondary" onClick={onKeep}>
          {t("keep")}
        </Button>
        <Button variant="destructive" onClick={onDiscard}>
          {t("discard")}
        </Button>
      </div>
    </div>
  );
}

/** The kept draft offered back when the dialog opens again. */
export function DraftOffer({ onRestore, onDiscard }: { onRestore: () => void; onDiscard: () => void }) {
  const t = useTranslations("entry.draft");
  return (
    <div
      role="status"
      className="mb-4 flex flex-wrap items-center justify-between gap-2 rounded-md border border-blue-200 bg-blue-50 px-3 py-2 text-sm text-blue-900"
    >
      <p>{t("found")}</p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={onDiscard}>
          {t("discard")}
        </Button>
        <Button onClick={onRestore}>{t("restore")}</Button>
      </div>
    </div>
  );
}
