"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { useKeepDraftOnSignOut } from "@/components/study-editor/use-kept-draft";
import { discardDraft, keepDraft, readDraft } from "@/lib/client/draft-storage";

type Kept<T> = { draft: T };

/**
 * The unsaved draft of a clinical dialog (docs/decisions/0027), kept in the tab's storage the way
 * the study editor keeps its own (lib/client/draft-storage.ts): written while the form has
 * changes, so it survives a reload as well as a session that ended (the trip to /login), offered
 * back when the dialog opens again, and cleared on save or discard.
 *
 * `key` names the record and its state (e.g. a visit's id and version), so a draft never lands on
 * a record that changed since. `isDraft` checks a stored value's shape before it is offered.
 */
export function useDialogDraft<T>(
  key: string,
  dirty: boolean,
  value: T,
  isDraft: (stored: unknown) => stored is T,
) {
  const [offer, setOffer] = useState<T | null>(null);
  const isDraftRef = useRef(isDraft);
  // Read after mount: the server render has no tab storage.
  useEffect(() => {
    const stored = readDraft(key);
    const kept = typeof stored === "object" && stored !== null ? (stored as Kept<unknown>).draft : null;
    setOffer(kept !== null && isDraftRef.current(kept) ? kept : null);
  }, [key]);

  // While an offer waits, the dialog's empty form is not written over the kept draft.
  const writes = dirty && offer === null;
  useEffect(() => {
    if (writes) keepDraft(key, { draft: value } satisfies Kept<T>);
  }, [key, writes, value]);
  useKeepDraftOnSignOut(key, writes, { draft: value } satisfies Kept<T>);

  const clear = useCallback(() => {
    discardDraft(key);
    setOffer(null);
  }, [key]);
  /** Takes the offered draft (the caller puts it into the form); it stays kept until saved. */
  const take = useCallback(() => {
    const taken = offer;
    setOffer(null);
    return taken;
  }, [offer]);
  return { offer, take, clear };
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
