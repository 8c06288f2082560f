"use client";

import { UnexpectedError } from "@/components/layout/unexpected-error";

export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  return (
    <html lang="en">
      <body>
        <UnexpectedError message={error.message} />
      </body>
    </html>
  );
}
