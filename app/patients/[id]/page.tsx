import { notFound, redirect } from "next/navigation";

/** `/patients/{id}?study={code}` (spec §2 route map) is the same page as `/{code}/patients/{id}`. */
export default async function PatientDetailByQuery({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ study?: string | string[] }>;
}) {
  const { id } = await params;
  const { study } = await searchParams;
  if (typeof study !== "string" || !/^[a-z0-9_-]+$/i.test(study)) notFound();
  redirect(`/${encodeURIComponent(study)}/patients/${encodeURIComponent(id)}`);
}
