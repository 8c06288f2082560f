import Link from "next/link";
import { UserMenu } from "@/components/auth/user-menu";
import { AdminNavLink } from "./admin-nav-link";

const ADMIN_LINKS = [
  { href: "/admin/studies", label: "Studies" },
  { href: "/admin/templates", label: "Templates" },
  { href: "/admin/users", label: "Users" },
  { href: "/admin/audit-logs", label: "Audit Logs" },
] as const;

/** The admin links show only to superusers and role_level superadmin/admin (spec §2). */
export function AdminHeader({ fullName, showAdminLinks }: { fullName: string; showAdminLinks: boolean }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-6 px-4 sm:px-6">
        <Link href="/admin/studies" className="text-base font-semibold text-slate-900">
          Clinical Registry
        </Link>
        {showAdminLinks && (
          <nav aria-label="Administration" className="flex items-center gap-1">
            {ADMIN_LINKS.map((link) => (
              <AdminNavLink key={link.href} href={link.href} label={link.label} />
            ))}
          </nav>
        )}
        <UserMenu fullName={fullName} />
      </div>
    </header>
  );
}
