"use client";

import { Button } from "@/components/ui/button";

/**
 * A 409 stale write: someone saved this record since it was opened. Nothing was overwritten; the
 * user reloads to see their version and applies the change again (as in the study editor).
 */
export function StaleNotice({ detail, onReload }: { detail: string; onReload: () => void }) {
  return (
    <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <p className="font-semibold">Someone else saved this record first</p>
      <p className="mt-1">{detail}</p>
      <p className="mt-1">
        Your change was not saved. Reload to see the latest version, then apply it again.
      </p>
      <Button variant="secondary" className="mt-2" onClick={onReload}>
        Reload
      </Button>
    </div>
  );
}
