import StudyAreaLayout from "@/app/[studyCode]/layout";
import StudyPatientsPage from "@/app/[studyCode]/patients/page";
import { StudyNotFound } from "@/components/study-area/study-not-found";

export const dynamic = "force-dynamic";

/** `/patients?study={code}`: the same screen as `/{code}/patients`, study from the query (spec §2). */
export default async function PatientsByQueryPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const study = (await searchParams).study;
  if (typeof study !== "string" || study === "") return <StudyNotFound />;
  // The study pages receive their code percent-encoded, as a path segment arrives.
  const params = Promise.resolve({ studyCode: encodeURIComponent(study) });
  return (
    <StudyAreaLayout params={params}>
      <StudyPatientsPage params={params} />
    </StudyAreaLayout>
  );
}
