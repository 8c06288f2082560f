import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { UserMenu } from "@/components/auth/user-menu";
import { NotificationsMenu } from "@/components/notifications/notifications-menu";
import { DEFAULT_AFTER_LOGIN } from "@/lib/routes";
import { AdminNavLink } from "./admin-nav-link";

const ADMIN_LINKS = [
  { href: "/admin/studies", label: "studies" },
  { href: "/admin/templates", label: "templates" },
  { href: "/admin/users", label: "users" },
  { href: "/admin/audit-logs", label: "auditLogs" },
] as const;

/**
 * The admin links show only to superusers and role_level superadmin/admin (spec §2).
 * On a phone the brand and the user menu share the first line (Logout stays on screen) and the
 * links wrap onto a line of their own; from `md` up everything sits on one line.
 */
export async function AdminHeader({
  fullName,
  showAdminLinks,
}: {
  fullName: string;
  showAdminLinks: boolean;
}) {
  const t = await getTranslations();
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2 sm:px-6 md:h-14 md:flex-nowrap md:gap-x-6 md:py-0">
        {/* The landing, which knows the reader: the studies list or My studies (decision 0029). */}
        <Link href={DEFAULT_AFTER_LOGIN} className="shrink-0 text-base font-semibold text-slate-900">
          {t("common.appName")}
        </Link>
        {showAdminLinks && (
          <nav
            aria-label={t("layout.admin.navigation")}
            className="order-last -mx-3 flex w-[calc(100%+1.5rem)] flex-wrap items-center gap-1 md:order-none md:mx-0 md:w-auto"
          >
            {ADMIN_LINKS.map((link) => (
              <AdminNavLink key={link.href} href={link.href} label={t(`layout.admin.${link.label}`)} />
            ))}
          </nav>
        )}
        {/* A long name is cut short on a phone rather than pushing Logout off the screen. */}
        <div className="ml-auto flex min-w-0 items-center gap-1 [&_[data-testid=current-user]]:max-w-[6.5rem] [&_[data-testid=current-user]]:truncate sm:[&_[data-testid=current-user]]:max-w-none">
          {/* The reader's inbox of the data review, on My studies too (decision 0031). */}
          <NotificationsMenu />
          <UserMenu fullName={fullName} />
        </div>
      </div>
    </header>
  );
}
