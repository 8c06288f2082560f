import type { StudyResponse } from "@/lib/schemas/studies";

/** The study's own description and visit schedule, read from its configuration. */
export function StudyOverview({ study }: { study: StudyResponse }) {
  const visitTypes = [...study.config.visit_types].sort((a, b) => a.order - b.order);
  return (
    <div className="space-y-6">
      <section className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-semibold text-[var(--study-primary)] [font-family:var(--study-heading-font-family)]">
          {study.name}
        </h1>
        <p className="mt-1 text-sm text-slate-600">{study.disease}</p>
        {study.description && <p className="mt-3 max-w-3xl text-slate-700">{study.description}</p>}
      </section>
      <section
        className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
        aria-labelledby="schedule-heading"
      >
        <h2 id="schedule-heading" className="text-lg font-semibold">
          Visit schedule
        </h2>
        {visitTypes.length === 0 ? (
          <p className="mt-2 text-sm text-slate-500">No visit types defined yet.</p>
        ) : (
          <ol className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {visitTypes.map((visit) => (
              <li key={visit.code} className="rounded-md border border-slate-100 bg-slate-50 px-3 py-2">
                <p className="text-sm font-medium">{visit.label}</p>
                {visit.description && <p className="text-xs text-slate-500">{visit.description}</p>}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
