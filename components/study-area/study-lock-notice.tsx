"use client";

import { useStudy } from "@/lib/client/studies";
import { StudyLockBanner } from "./study-lock-banner";

/**
 * The study lock's banner on the administration pages of one study (editor, team, medical groups,
 * content): read from the study itself, nothing while it cannot be read (the page says why).
 */
export function StudyLockNotice({ studyId }: { studyId: number }) {
  const study = useStudy(studyId);
  return <StudyLockBanner lockedAt={study.data?.locked_at ?? null} className="mb-4" />;
}
