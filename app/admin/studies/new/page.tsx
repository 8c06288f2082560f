import type { Metadata } from "next";
import { StudyEditor } from "@/components/study-editor/study-editor";

export const metadata: Metadata = { title: "Create New Study · Clinical Data Registry" };

export default function NewStudyPage() {
  return <StudyEditor />;
}
