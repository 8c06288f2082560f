import type { ReactNode } from "react";
import { StudyLockNotice } from "@/components/study-area/study-lock-notice";
import { StudyIdParams } from "@/lib/schemas/studies";

/** Every administration page of one study says when it is locked (docs/decisions/0034-patient-and-study-lock.md). */
export default async function StudyAdminLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ studyId: string }>;
}) {
  const parsed = StudyIdParams.safeParse({ id: (await params).studyId });
  return (
    <>
      {parsed.success && <StudyLockNotice studyId={parsed.data.id} />}
      {children}
    </>
  );
}
