import { Badge } from "@/components/ui/badge";
import type { StudySummary } from "@/lib/server/studies/study-service";

export function StudyList({ studies }: { studies: StudySummary[] }) {
  if (studies.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-500">
        No studies yet
      </p>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {studies.map((study) => (
        <li key={study.id} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
          <div className="flex items-start justify-between gap-2">
            <h2 className="text-lg font-semibold">{study.name}</h2>
            <Badge tone={study.is_active ? "success" : "muted"}>
              {study.is_active ? "Active" : "Inactive"}
            </Badge>
          </div>
          <p className="text-sm text-slate-600">{study.disease}</p>
          {study.description && <p className="mt-2 text-sm text-slate-700">{study.description}</p>}
          <dl className="mt-3 grid grid-cols-3 gap-2 text-xs text-slate-500">
            <div>
              <dt>Code</dt>
              <dd className="font-mono text-slate-800">{study.code}</dd>
            </div>
            <div>
              <dt>Domain</dt>
              <dd className="font-mono text-slate-800">{study.domain}</dd>
            </div>
            <div>
              <dt>Fields</dt>
              <dd className="text-slate-800">{study.field_count}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
