"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { useFormat } from "@/components/i18n/use-format";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { CONTROL_CLASS } from "@/components/ui/control-class";
import { failureText, loadFailureText, useAdminUsers, useDeactivateUser } from "@/lib/client/admin-team";
import { USER_LIMITS, type AdminUserResponse } from "@/lib/schemas/users";
import { AccountDialog } from "./account-dialog";
import { UserDialog } from "./user-dialog";

/**
 * Spec §2 Users page: search, role filter, table, 20 per page, create/edit modal; the delete action
 * deactivates after a confirmation. Which levels may be given is decided on the server
 * (`canManageAdmins`); the API refuses the rest anyway. Each row opens the user's account controls
 * (second factor, identity verification, sign-in history; decision 0033). Below md the last
 * sign-in and second-factor columns hide, as the email does: that dialog shows both.
 */
export function UsersPage({
  currentUserId,
  canManageAdmins,
}: {
  currentUserId: number;
  canManageAdmins: boolean;
}) {
  const t = useTranslations("users");
  const tUi = useTranslations("ui");
  const [searchInput, setSearchInput] = useState("");
  const [search, setSearch] = useState("");
  const [roleLevel, setRoleLevel] = useState("");
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminUserResponse | "new" | null>(null);
  const [account, setAccount] = useState<AdminUserResponse | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const pageSize = USER_LIMITS.pageSize;
  const users = useAdminUsers({ search, roleLevel, page, pageSize });
  const fmt = useFormat();
  const deactivate = useDeactivateUser();
  const total = users.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));

  function submitSearch(event: FormEvent) {
    event.preventDefault();
    setSearch(searchInput.trim());
    setPage(1);
  }

  function confirmDeactivate(user: AdminUserResponse) {
    if (!window.confirm(t("messages.confirmDeactivate", { name: user.full_name }))) return;
    setActionError(null);
    setNotice(null);
    deactivate.mutate(user.id, {
      onSuccess: () => setNotice(t("notices.deactivated", { name: user.full_name })),
      onError: (error) => setActionError(failureText(error, t("messages.deactivateFailed"))),
    });
  }

  return (
    <>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <Button onClick={() => setEditing("new")}>{t("create")}</Button>
      </div>

      <form onSubmit={submitSearch} className="mb-4 flex flex-wrap items-end gap-3" role="search">
        <div className="min-w-0 flex-1 basis-56">
          <Label htmlFor="user-search">{t("search.label")}</Label>
          <Input
            id="user-search"
            type="search"
            placeholder={t("search.placeholder")}
            value={searchInput}
            maxLength={USER_LIMITS.search}
            onChange={(event) => setSearchInput(event.target.value)}
          />
        </div>
        <div className="basis-40">
          <Label htmlFor="user-role-filter">{t("roleFilter.label")}</Label>
          <select
            id="user-role-filter"
            className={CONTROL_CLASS}
            value={roleLevel}
            onChange={(event) => {
              setRoleLevel(event.target.value);
              setPage(1);
            }}
          >
            <option value="">{t("roleFilter.all")}</option>
            <option value="superadmin">{t("roleLevels.superadmin")}</option>
            <option value="admin">{t("roleLevels.admin")}</option>
            <option value="user">{t("roleLevels.user")}</option>
          </select>
        </div>
        <Button type="submit" variant="secondary">
          {t("search.submit")}
        </Button>
      </form>

      {notice && (
        <Alert tone="info" className="mb-4">
          {notice}
        </Alert>
      )}
      {actionError && <Alert className="mb-4">{actionError}</Alert>}
      {users.error && (
        <Alert className="mb-4">{loadFailureText(users.error, t("messages.loadFailed"))}</Alert>
      )}

      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t("table.caption")}</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">
                {t("table.name")}
              </th>
              <th scope="col" className="hidden px-3 py-2 md:table-cell">
                {t("table.email")}
              </th>
              <th scope="col" className="hidden px-3 py-2 sm:table-cell">
                {t("table.role")}
              </th>
              <th scope="col" className="px-3 py-2">
                {t("table.status")}
              </th>
              <th scope="col" className="hidden px-3 py-2 md:table-cell">
                {t("table.lastLogin")}
              </th>
              <th scope="col" className="hidden px-3 py-2 md:table-cell">
                {t("table.twoFactor")}
              </th>
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">{t("table.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {users.isPending && (
              <tr>
                <td colSpan={7} className="px-3 py-8 text-center text-slate-500">
                  {t("table.loading")}
                </td>
              </tr>
            )}
            {users.data && users.data.items.length === 0 && (
              <tr>
                <td colSpan={7} className="px-3 py-8 text-center text-slate-500">
                  {t("table.empty")}
                </td>
              </tr>
            )}
            {users.data?.items.map((user) => (
              <tr key={user.id} className="border-b border-slate-100 last:border-0">
                <td className="px-3 py-2">
                  <div className="font-medium text-slate-900">{user.full_name}</div>
                  {/* On a phone the email sits under the name instead of in a column of its own. */}
                  <div className="text-xs break-all text-slate-500 md:hidden">{user.email}</div>
                  <div className="text-xs text-slate-500 sm:hidden">{t(`roleLevels.${user.role_level}`)}</div>
                </td>
                <td className="hidden px-3 py-2 break-all md:table-cell">{user.email}</td>
                <td className="hidden px-3 py-2 sm:table-cell">{t(`roleLevels.${user.role_level}`)}</td>
                <td className="px-3 py-2">
                  {user.is_active ? (
                    <Badge tone="success">{tUi("status.active")}</Badge>
                  ) : (
                    <Badge tone="muted">{tUi("status.inactive")}</Badge>
                  )}
                </td>
                <td className="hidden px-3 py-2 md:table-cell">
                  {user.last_login ? fmt.dateTime(user.last_login) : t("table.never")}
                </td>
                <td className="hidden px-3 py-2 md:table-cell">
                  {user.totp_enabled ? (
                    <Badge tone="success">{t("table.twoFactorOn")}</Badge>
                  ) : (
                    <Badge tone="muted">{t("table.twoFactorOff")}</Badge>
                  )}
                </td>
                <td className="px-3 py-2">
                  <div className="flex flex-col items-end gap-1 sm:flex-row sm:justify-end">
                    <Button
                      variant="ghost"
                      className="px-2 py-1"
                      aria-label={t("table.editLabel", { name: user.full_name })}
                      onClick={() => setEditing(user)}
                    >
                      {t("table.edit")}
                    </Button>
                    <Button
                      variant="ghost"
                      className="px-2 py-1"
                      aria-label={t("table.accountLabel", { name: user.full_name })}
                      onClick={() => setAccount(user)}
                    >
                      {t("table.account")}
                    </Button>
                    {user.is_active && user.id !== currentUserId && (
                      <Button
                        variant="destructive"
                        className="px-2 py-1"
                        aria-label={t("table.deactivateLabel", { name: user.full_name })}
                        disabled={deactivate.isPending}
                        onClick={() => confirmDeactivate(user)}
                      >
                        {t("table.deactivate")}
                      </Button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <nav
        aria-label={tUi("pagination.label")}
        className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm"
      >
        <span className="text-slate-600">
          {t("summary", { total, page: fmt.number(page), pages: fmt.number(pages) })}
        </span>
        <div className="flex gap-2">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {tUi("pagination.previous")}
          </Button>
          <Button variant="secondary" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            {tUi("pagination.next")}
          </Button>
        </div>
      </nav>

      {account && (
        <AccountDialog
          user={account}
          isSelf={account.id === currentUserId}
          canManage={canManageAdmins || account.role_level === "user"}
          onClose={() => setAccount(null)}
        />
      )}
      {editing && (
        <UserDialog
          user={editing === "new" ? null : editing}
          isSelf={editing !== "new" && editing.id === currentUserId}
          canManageAdmins={canManageAdmins}
          onClose={() => setEditing(null)}
          onSaved={(saved, created) => {
            setEditing(null);
            setActionError(null);
            setNotice(t(created ? "notices.created" : "notices.saved", { email: saved.email }));
          }}
        />
      )}
    </>
  );
}
