"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ApiClientError } from "@/lib/client/api-fetch";

type Props = { error: Error; retrying: boolean; onRetry: () => void };

/**
 * Why the editor could not open its study. A study that does not exist (or is out of the user's
 * reach: the API answers 404 for both) gets a way back to the list. A 409 is a stored configuration
 * that cannot be read: say so, and offer no form to save over it. Any other failure may be passing,
 * so it offers Retry.
 */
export function StudyLoadError({ error, retrying, onRetry }: Props) {
  const t = useTranslations("editor.loadError");
  if (error instanceof ApiClientError && error.status === 409) {
    return (
      <div>
        <h1 className="mb-4 text-2xl font-semibold">{t("editTitle")}</h1>
        <Alert className="mb-4">
          <p className="font-semibold">{t("unreadable")}</p>
          <p className="mt-1">{t("unreadableDetail")}</p>
          <p className="mt-2 break-words">{error.message}</p>
        </Alert>
        <Link href="/admin/studies" className="font-medium text-brand-700 hover:underline">
          {t("backToStudies")}
        </Link>
      </div>
    );
  }
  if (error instanceof ApiClientError && error.status === 404) {
    return (
      <div className="mx-auto max-w-xl py-12 text-center">
        <h1 className="text-2xl font-semibold text-slate-900">{t("notFound")}</h1>
        <p className="mt-2 text-slate-600">{t("notFoundDetail")}</p>
        <Link
          href="/admin/studies"
          className="mt-6 inline-block rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
        >
          {t("backToStudies")}
        </Link>
      </div>
    );
  }
  return (
    <Alert>
      <p>{t("failed", { detail: error.message })}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button variant="secondary" className="px-3 py-1" onClick={onRetry} disabled={retrying}>
          {retrying ? t("retrying") : t("retry")}
        </Button>
        <Link href="/admin/studies" className="self-center font-medium text-red-900 underline">
          {t("backToStudies")}
        </Link>
      </div>
    </Alert>
  );
}
