import Link from "next/link";

/** Missing, inactive and inaccessible studies look the same (spec §2). */
export function StudyNotFound() {
  return (
    <main className="mx-auto max-w-xl px-6 py-20 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">Study Not Found</h1>
      <p className="mt-2 text-slate-600">The study you are looking for does not exist or is not active.</p>
      <Link
        href="/admin/studies"
        className="mt-6 inline-block rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
      >
        Go to the admin area
      </Link>
    </main>
  );
}
