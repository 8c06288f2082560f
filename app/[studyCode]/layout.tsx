import type { ReactNode } from "react";
import { MessagesProvider } from "@/components/i18n/messages-provider";
import { Providers } from "@/components/layout/providers";
import { StudyLockBanner } from "@/components/study-area/study-lock-banner";
import { StudyNotFound } from "@/components/study-area/study-not-found";
import { StudyShellHeader } from "@/components/study-area/study-shell-header";
import { StudyUnreadable } from "@/components/study-area/study-unreadable";
import "@/components/study-area/web-fonts";
import { canSeeAdminArea, isSuperuser } from "@/lib/server/auth/policy";
import { currentStudyArea } from "@/lib/server/studies/study-area";
import { themeStyleText } from "@/lib/theme/study-theme";

export const dynamic = "force-dynamic";

/** The study shell: loads the study by code, applies its theme, or says 'Study Not Found'. */
export default async function StudyAreaLayout(props: {
  children: ReactNode;
  params: Promise<{ studyCode: string }>;
}) {
  return (
    <MessagesProvider namespaces="all">
      <StudyArea {...props} />
    </MessagesProvider>
  );
}

async function StudyArea({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ studyCode: string }>;
}) {
  const { actor, area } = await currentStudyArea((await params).studyCode);
  if (!area) return <StudyNotFound />;
  if (area.kind === "unreadable")
    return <StudyUnreadable name={area.name} detail={area.detail} showAdmin={canSeeAdminArea(actor)} />;
  const { study } = area;
  const scope = `[data-study-area="${study.code}"]`;
  return (
    <div data-study-area={study.code} className="study-area min-h-screen">
      {/* The theme text comes from the server-side sanitizer: no markup can survive in it. */}
      <style>{themeStyleText(study.config.ui_settings, scope)}</style>
      <StudyShellHeader
        code={study.code}
        name={study.name}
        disease={study.disease}
        fullName={actor.fullName}
        showAdmin={isSuperuser(actor)}
        // The area's access: while the study is locked it holds no import (decision 0034).
        showImport={area.access.permissions.has("clinical.import")}
        logo={study.config.ui_settings}
      />
      <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
        <StudyLockBanner lockedAt={study.locked_at} className="mb-4" />
        <Providers>{children}</Providers>
      </main>
    </div>
  );
}
