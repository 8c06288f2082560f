import Link from "next/link";

export default function NotFound() {
  return (
    <main className="mx-auto max-w-2xl px-6 py-16">
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="mt-2 text-slate-600">The page you asked for does not exist.</p>
      <Link href="/admin/studies" className="mt-6 inline-block text-sm font-medium text-blue-700 underline">
        Go to studies
      </Link>
    </main>
  );
}
