"use client";

import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ApiClientError } from "@/lib/client/api-fetch";

type Props = { error: Error; retrying: boolean; onRetry: () => void };

/**
 * Why the editor could not open its study. A study that does not exist (or is out of the user's
 * reach: the API answers 404 for both) gets a way back to the list; any other failure may be
 * passing, so it offers Retry.
 */
export function StudyLoadError({ error, retrying, onRetry }: Props) {
  if (error instanceof ApiClientError && error.status === 404) {
    return (
      <div className="mx-auto max-w-xl py-12 text-center">
        <h1 className="text-2xl font-semibold text-slate-900">Study not found</h1>
        <p className="mt-2 text-slate-600">This study does not exist, or you do not have access to it.</p>
        <Link
          href="/admin/studies"
          className="mt-6 inline-block rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
        >
          Back to studies
        </Link>
      </div>
    );
  }
  return (
    <Alert>
      <p>Error loading study: {error.message}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button variant="secondary" className="px-3 py-1" onClick={onRetry} disabled={retrying}>
          {retrying ? "Retrying..." : "Retry"}
        </Button>
        <Link href="/admin/studies" className="self-center font-medium text-red-900 underline">
          Back to studies
        </Link>
      </div>
    </Alert>
  );
}
