"use client";

import { createContext, useContext, type ReactNode } from "react";

/**
 * Whether the editor shows a locked study (docs/decisions/0034-patient-and-study-lock.md): its
 * configuration is read, and every control that would change it is left out, for a save of it
 * would answer 423. The tabs read it here rather than each taking a prop through every level.
 */
const EditorReadOnly = createContext(false);

export function EditorReadOnlyProvider({ readOnly, children }: { readOnly: boolean; children: ReactNode }) {
  return <EditorReadOnly.Provider value={readOnly}>{children}</EditorReadOnly.Provider>;
}

export function useEditorReadOnly(): boolean {
  return useContext(EditorReadOnly);
}

/**
 * The inputs of a read-only editor show the saved values and take no change (a disabled fieldset);
 * its buttons that would change anything are left out by their own component.
 */
export function ReadOnlyFields({ children }: { children: ReactNode }) {
  if (!useEditorReadOnly()) return children;
  return (
    <fieldset disabled className="m-0 min-w-0 border-0 p-0">
      {children}
    </fieldset>
  );
}
