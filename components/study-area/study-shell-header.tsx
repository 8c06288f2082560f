import { UserMenu } from "@/components/auth/user-menu";
import { NotificationsMenu } from "@/components/notifications/notifications-menu";
import { FILE_URL } from "@/lib/schemas/contents";
import type { UiSettings } from "@/lib/schemas/study-config";
import { StudyNav } from "./study-nav";

type Props = {
  code: string;
  name: string;
  disease: string;
  fullName: string;
  showAdmin: boolean;
  /** The Import link: only for those whose study access holds clinical.import. */
  showImport: boolean;
  logo: Pick<UiSettings, "logo_url" | "logo_width" | "logo_height">;
};

/**
 * Study name and disease, Dashboard, Patients, Export and the rest of the study's links (the current
 * one marked), Admin for superusers, the user and Logout (spec §2).
 */
export function StudyShellHeader({ code, name, disease, fullName, showAdmin, showImport, logo }: Props) {
  return (
    <header className="border-b border-slate-200 bg-[var(--study-header-bg)]" data-testid="study-header">
      {/* On a phone the name and the user menu share the first line (Logout stays on screen) and the
          links get a line of their own; from `md` up everything sits on one line. */}
      <div className="mx-auto flex min-h-14 max-w-7xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2 sm:px-6 md:flex-nowrap">
        {/* Only an uploaded logo, served from our origin: a remote one would hand every visitor's
            address to its host (and the page's CSP would refuse it anyway). */}
        {logo.logo_url && FILE_URL.test(logo.logo_url) && (
          // eslint-disable-next-line @next/next/no-img-element -- an uploaded file of ours, sized by the study
          <img
            src={logo.logo_url}
            alt=""
            width={logo.logo_width ?? 120}
            height={logo.logo_height ?? 40}
            className="h-auto max-w-[40vw] shrink-0 object-contain"
          />
        )}
        <div className="min-w-0">
          <p className="break-words text-base font-semibold text-slate-900 [font-family:var(--study-heading-font-family)]">
            {name}
          </p>
          <p className="break-words text-xs text-slate-600">{disease}</p>
        </div>
        <StudyNav code={code} showAdmin={showAdmin} showImport={showImport} />
        <div className="ml-auto flex min-w-0 items-center gap-1 [&_[data-testid=current-user]]:max-w-[6.5rem] [&_[data-testid=current-user]]:truncate sm:[&_[data-testid=current-user]]:max-w-none">
          {/* The reader's inbox of the data review (decision 0031). */}
          <NotificationsMenu />
          <UserMenu fullName={fullName} />
        </div>
      </div>
    </header>
  );
}
