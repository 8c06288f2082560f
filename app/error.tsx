"use client";

import { UnexpectedError } from "@/components/layout/unexpected-error";

export default function ErrorBoundary({ error }: { error: Error & { digest?: string } }) {
  return <UnexpectedError message={error.message} />;
}
