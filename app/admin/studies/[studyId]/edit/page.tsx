import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { StudyEditor } from "@/components/study-editor/study-editor";
import { StudyIdParams } from "@/lib/schemas/studies";

export const metadata: Metadata = { title: "Edit Study · Clinical Data Registry" };

export default async function EditStudyPage({ params }: { params: Promise<{ studyId: string }> }) {
  const parsed = StudyIdParams.safeParse({ id: (await params).studyId });
  if (!parsed.success) notFound();
  return <StudyEditor studyId={parsed.data.id} />;
}
