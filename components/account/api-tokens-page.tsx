"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useFormat } from "@/components/i18n/use-format";
import { useWords } from "@/components/i18n/use-words";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CONTROL_CLASS } from "@/components/ui/control-class";
import { FieldError, invalidProps } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from "@/lib/client/api-tokens";
import { applyServerErrors } from "@/lib/client/apply-server-errors";
import { schemaResolver } from "@/lib/client/schema-resolver";
import {
  API_TOKEN_MAX_DAYS,
  API_TOKEN_NAME_MAX,
  ApiTokenCreateBody,
  type ApiTokenCreatedResponse,
  type ApiTokenResponse,
} from "@/lib/schemas/api-tokens";

/** A study the user may make a token for; `canWrite`: their role there changes data. */
export type TokenStudy = { id: number; name: string; canWrite: boolean };

/** `expires_at` holds the chosen day (YYYY-MM-DD); the body gets the end of that day as an instant. */
type Values = { name: string; expires_at: string; study_id: string; access: "read" | "write" };
const FIELDS = ["name", "expires_at", "study_id", "access"] as const;
const DAY_MS = 24 * 60 * 60 * 1000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The signed-in user's personal API tokens (docs/decisions/0036-personal-api-tokens.md): make one
 * (name, expiry, study, access), see it once with a copy button, list them with when each was last
 * used, revoke one after a confirmation. The server decides what a token may do; the form only
 * offers write where the role changes data.
 */
export function ApiTokensPage({ studies }: { studies: TokenStudy[] }) {
  const t = useTranslations("apiTokens");
  const [created, setCreated] = useState<ApiTokenCreatedResponse | null>(null);
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <p className="text-sm text-slate-700">{t("intro")}</p>
      {created ? (
        <CreatedToken token={created} onDone={() => setCreated(null)} />
      ) : studies.length === 0 ? (
        <Alert tone="info">{t("noStudies")}</Alert>
      ) : (
        <CreateTokenForm studies={studies} onCreated={setCreated} />
      )}
      <TokenList />
    </div>
  );
}

function CreateTokenForm({
  studies,
  onCreated,
}: {
  studies: TokenStudy[];
  onCreated: (token: ApiTokenCreatedResponse) => void;
}) {
  const t = useTranslations("apiTokens");
  const words = useWords();
  const create = useCreateApiToken();
  const [formError, setFormError] = useState<string | null>(null);
  // The day the screen opened: the picker's bounds and the default expiry (the server judges).
  const [today] = useState(() => Date.now());
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<Values, unknown, ApiTokenCreateBody>({
    defaultValues: { name: "", expires_at: dayOf(today + 90 * DAY_MS), study_id: "", access: "read" },
    resolver: schemaResolver<Values, ApiTokenCreateBody>(ApiTokenCreateBody, (values) => ({
      name: values.name,
      // The end of the chosen day where the user is; the server checks it against its own clock.
      expires_at: values.expires_at ? new Date(`${values.expires_at}T23:59:59`).toISOString() : undefined,
      study_id: values.study_id === "" ? undefined : Number(values.study_id),
      access: values.access,
    })),
  });
  const studyId = useWatch({ control, name: "study_id" });
  const chosen = studies.find((study) => String(study.id) === studyId);
  const mayWrite = chosen?.canWrite ?? false;

  const submit = handleSubmit((body) => {
    setFormError(null);
    create.mutate(body, {
      onSuccess: onCreated,
      onError: (error) => setFormError(applyServerErrors(error, setError, FIELDS, t("createFailed"))),
    });
  });

  const message = (field: (typeof FIELDS)[number]) => {
    const text = errors[field]?.message;
    return text ? words(text) : undefined;
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4"
      aria-labelledby="new-token-title"
    >
      <h2 id="new-token-title" className="text-lg font-semibold">
        {t("createTitle")}
      </h2>
      {formError && <Alert>{words(formError)}</Alert>}
      <div>
        <Label htmlFor="token-name">{t("name")}</Label>
        <Input
          id="token-name"
          maxLength={API_TOKEN_NAME_MAX}
          aria-required="true"
          {...register("name")}
          {...invalidProps("token-name", message("name"))}
          aria-describedby={message("name") ? "token-name-error" : "token-name-hint"}
        />
        <p id="token-name-hint" className="mt-1 text-xs text-slate-500">
          {t("nameHint")}
        </p>
        <FieldError id="token-name" error={message("name")} />
      </div>
      <div>
        <Label htmlFor="token-expiry">{t("expiry")}</Label>
        <Input
          id="token-expiry"
          type="date"
          aria-required="true"
          min={dayOf(today + DAY_MS)}
          max={dayOf(today + (API_TOKEN_MAX_DAYS - 1) * DAY_MS)}
          {...register("expires_at")}
          {...invalidProps("token-expiry", message("expires_at"))}
          aria-describedby={message("expires_at") ? "token-expiry-error" : "token-expiry-hint"}
        />
        <p id="token-expiry-hint" className="mt-1 text-xs text-slate-500">
          {t("expiryHint")}
        </p>
        <FieldError id="token-expiry" error={message("expires_at")} />
      </div>
      <div>
        <Label htmlFor="token-study">{t("study")}</Label>
        <select
          id="token-study"
          className={CONTROL_CLASS}
          aria-required="true"
          {...register("study_id")}
          {...invalidProps("token-study", message("study_id") ? t("studyRequired") : undefined)}
        >
          <option value="">{t("chooseStudy")}</option>
          {studies.map((study) => (
            <option key={study.id} value={study.id}>
              {study.name}
            </option>
          ))}
        </select>
        <FieldError id="token-study" error={message("study_id") ? t("studyRequired") : undefined} />
      </div>
      <fieldset>
        <legend className="text-sm font-medium">{t("access")}</legend>
        <div className="mt-1 flex gap-4 text-sm">
          <label className="flex items-center gap-2">
            <input type="radio" value="read" {...register("access")} />
            {t("accessRead")}
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" value="write" disabled={!mayWrite} {...register("access")} />
            {t("accessWrite")}
          </label>
        </div>
        <p className="mt-1 text-xs text-slate-500">{t("accessWriteHint")}</p>
        <FieldError id="token-access" error={message("access")} />
      </fieldset>
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? t("creating") : t("create")}
      </Button>
    </form>
  );
}

/** The plain token, this once, with a copy button. */
function CreatedToken({ token, onDone }: { token: ApiTokenCreatedResponse; onDone: () => void }) {
  const t = useTranslations("apiTokens");
  const [copy, setCopy] = useState<"idle" | "copied" | "failed">("idle");
  async function copyToken() {
    try {
      await navigator.clipboard.writeText(token.token);
      setCopy("copied");
    } catch {
      setCopy("failed");
    }
  }
  return (
    <section
      aria-labelledby="created-token-title"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="created-token-title" className="text-lg font-semibold">
        {t("createdTitle")}
      </h2>
      <Alert tone="info">{t("createdStore")}</Alert>
      <p>
        <code className="block break-all rounded bg-slate-100 p-2 font-mono text-sm" aria-label={token.name}>
          {token.token}
        </code>
      </p>
      <div className="flex items-center gap-3">
        <Button type="button" onClick={() => void copyToken()}>
          {t("copy")}
        </Button>
        <span role="status" className="text-sm">
          {copy === "copied" ? t("copied") : copy === "failed" ? t("copyFailed") : ""}
        </span>
        <Button type="button" variant="secondary" onClick={onDone}>
          {t("done")}
        </Button>
      </div>
    </section>
  );
}

function TokenList() {
  const t = useTranslations("apiTokens");
  const fmt = useFormat();
  const tokens = useApiTokens();
  const revoke = useRevokeApiToken();
  const [error, setError] = useState<string | null>(null);
  // When the screen opened: a token past its expiry since then still shows as active until reload.
  const [now] = useState(() => Date.now());

  function onRevoke(token: ApiTokenResponse) {
    if (!window.confirm(t("confirmRevoke", { name: token.name }))) return;
    setError(null);
    revoke.mutate(token.id, { onError: () => setError(t("revokeFailed")) });
  }

  const status = (token: ApiTokenResponse) =>
    token.revoked_at ? "revoked" : Date.parse(token.expires_at) <= now ? "expired" : "active";

  return (
    <section aria-labelledby="token-list-title" className="space-y-3">
      <h2 id="token-list-title" className="text-lg font-semibold">
        {t("listTitle")}
      </h2>
      {error && <Alert>{error}</Alert>}
      {tokens.isError && <Alert>{t("loadFailed")}</Alert>}
      {tokens.data && tokens.data.items.length === 0 && <p className="text-sm">{t("empty")}</p>}
      {tokens.data && tokens.data.items.length > 0 && (
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-slate-200">
              {(
                [
                  "colName",
                  "colStudy",
                  "colAccess",
                  "colExpires",
                  "colLastUsed",
                  "colStatus",
                  "colActions",
                ] as const
              ).map((column) => (
                <th key={column} scope="col" className="py-2 pr-3 font-medium">
                  {t(column)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {tokens.data.items.map((token) => {
              const state = status(token);
              return (
                <tr key={token.id} className="border-b border-slate-100">
                  <td className="py-2 pr-3 break-words">{token.name}</td>
                  <td className="py-2 pr-3">{token.study_name}</td>
                  <td className="py-2 pr-3">
                    {token.access === "write" ? t("accessWrite") : t("accessRead")}
                  </td>
                  <td className="py-2 pr-3">{fmt.date(token.expires_at)}</td>
                  <td className="py-2 pr-3">
                    {token.last_used_at ? fmt.dateTime(token.last_used_at) : t("never")}
                  </td>
                  <td className="py-2 pr-3">
                    <Badge tone={state === "active" ? "success" : "muted"}>
                      {state === "active"
                        ? t("statusActive")
                        : state === "revoked"
                          ? t("statusRevoked")
                          : t("statusExpired")}
                    </Badge>
                  </td>
                  <td className="py-2 pr-3">
                    {state === "active" && (
                      <Button
                        type="button"
                        variant="secondary"
                        aria-label={t("revokeLabel", { name: token.name })}
                        disabled={revoke.isPending}
                        onClick={() => onRevoke(token)}
                      >
                        {t("revoke")}
                      </Button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
