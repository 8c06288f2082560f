/** Tabs whose editors come in later releases say so plainly; their part of the config is kept as is. */
export function PendingTabNotice({ title, detail }: { title: string; detail: string }) {
  return (
    <div role="note" className="max-w-2xl rounded-lg border border-dashed border-slate-300 bg-white p-6">
      <h2 className="text-base font-semibold text-slate-800">{title}</h2>
      <p className="mt-1 text-sm text-slate-600">{detail}</p>
    </div>
  );
}
