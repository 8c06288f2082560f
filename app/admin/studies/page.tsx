import type { Metadata } from "next";
import { StudyList } from "@/components/studies/study-list";
import { getDb } from "@/db/client";
import { requirePageActor } from "@/lib/server/auth/page-session";
import { listStudies } from "@/lib/server/studies/study-service";

export const metadata: Metadata = { title: "Studies · Clinical Data Registry" };

export default async function StudiesPage() {
  const actor = await requirePageActor();
  const studies = await listStudies(await getDb(), actor);
  return (
    <>
      <h1 className="mb-6 text-2xl font-semibold">Studies</h1>
      <StudyList studies={studies} />
    </>
  );
}
