import Link from "next/link";

/** The spec's generic fallback screen (§2). */
export function UnexpectedError({ message }: { message: string }) {
  return (
    <main className="mx-auto max-w-2xl px-6 py-16">
      <h1 className="text-2xl font-semibold text-red-700">Unexpected Application Error!</h1>
      <pre className="mt-4 whitespace-pre-wrap break-words rounded-md bg-red-50 p-4 text-sm text-red-900">
        {message}
      </pre>
      <Link href="/admin/studies" className="mt-6 inline-block text-sm font-medium text-blue-700 underline">
        Back to studies
      </Link>
    </main>
  );
}
