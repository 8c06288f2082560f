"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { useFormat } from "@/components/i18n/use-format";
import { useWords } from "@/components/i18n/use-words";
import { errorText } from "@/components/patient-detail/format";
import { Button } from "@/components/ui/button";
import { CONTROL_CLASS } from "@/components/ui/control-class";
import { Label } from "@/components/ui/label";
import {
  useCloseQuery,
  useDataQuery,
  useOpenQuery,
  useReopenQuery,
  useRespondToQuery,
} from "@/lib/client/data-queries";
import type { QueryResponse } from "@/lib/schemas/queries";
import {
  QUERY_RESPONSE_CATEGORIES,
  QUERY_TRANSITIONS,
  type QueryResponseCategory,
} from "@/lib/schemas/query-states";
import { usePatientQueriesContext, type QueryAssignee, type QueryTarget } from "./query-context";

/**
 * The threads of one value's queries, newest first, with the steps the reader may take, and a
 * reviewer's form to raise a new one (decision 0030). Shown under the value it is about.
 */
export function QueryPanel({
  target,
  label,
  queries,
}: {
  target: QueryTarget;
  label: string;
  queries: QueryResponse[];
}) {
  const t = useTranslations("dataQueries");
  const context = usePatientQueriesContext();
  if (!context) return null;
  return (
    <section
      aria-label={t("panel.title", { what: label })}
      className="mt-2 space-y-3 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm font-normal"
    >
      {queries.map((query) => (
        <QueryThread key={query.id} query={query} />
      ))}
      {context.rights.open && (
        <RaiseQuery
          studyId={context.studyId}
          target={target}
          first={queries.length === 0}
          assignees={context.assignees}
        />
      )}
    </section>
  );
}

/** One query's thread: the list gave its state, its steps are read when the panel opens. */
function QueryThread({ query: listed }: { query: QueryResponse }) {
  const t = useTranslations("dataQueries");
  const detail = useDataQuery(listed.id);
  const query = detail.data ?? listed;
  const fmt = useFormat();
  const words = useWords();
  const context = usePatientQueriesContext()!;
  const respond = useRespondToQuery(listed.id);
  const close = useCloseQuery(listed.id);
  const reopen = useReopenQuery(listed.id);
  const [text, setText] = useState("");
  const [category, setCategory] = useState<QueryResponseCategory | "">("");
  const [problem, setProblem] = useState<string | null>(null);
  const textId = useId();
  const categoryId = useId();
  const pending = respond.isPending || close.isPending || reopen.isPending;
  const may = (step: keyof typeof QUERY_TRANSITIONS) => QUERY_TRANSITIONS[step].from.includes(query.status);
  const canRespond = context.rights.respond && may("response");
  const canClose = context.rights.open && may("close");
  const canReopen = context.rights.open && may("reopen");

  async function take(step: "response" | "close" | "reopen") {
    setProblem(null);
    if (step === "response" && category === "") {
      setProblem(t("thread.categoryRequired"));
      document.getElementById(categoryId)?.focus();
      return;
    }
    try {
      if (step === "response")
        await respond.mutateAsync({ category: category as QueryResponseCategory, text });
      else if (step === "close") await close.mutateAsync({ text });
      else await reopen.mutateAsync({ text });
      setText("");
      setCategory("");
    } catch (error) {
      setProblem(words(errorText(error)));
    }
  }

  return (
    <article aria-label={t("thread.title", { id: query.id })} className="space-y-2">
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-slate-900">{t("thread.title", { id: query.id })}</span>
        <span
          className={
            query.status === "open"
              ? "rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900"
              : query.status === "answered"
                ? "rounded-full bg-sky-100 px-2 py-0.5 text-xs font-medium text-sky-900"
                : "rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-700"
          }
          data-testid="query-status"
        >
          {t(`status.${query.status}`)}
        </span>
        <span className="text-xs text-slate-500">{t("thread.daysOpen", { count: query.days_open })}</span>
      </p>
      <ol className="space-y-1.5">
        {(query.steps ?? []).map((step) => (
          <li key={step.id} className="rounded border border-slate-200 bg-white px-2 py-1.5">
            <p className="text-xs text-slate-500">
              {t(`step.${step.kind}`)}
              {step.category && ` · ${t(`category.${step.category}`)}`} ·{" "}
              {step.user_name ?? `#${step.user_id}`} · {fmt.dateTime(step.created_at)}
            </p>
            <p className="break-words whitespace-pre-wrap text-slate-900">{step.text}</p>
          </li>
        ))}
      </ol>
      {detail.isPending && <p className="text-xs text-slate-500">{t("thread.loading")}</p>}
      {detail.isError && (
        <p role="alert" className="text-xs text-red-700">
          {words(errorText(detail.error))}
        </p>
      )}
      {(canRespond || canClose || canReopen) && (
        <div className="space-y-2">
          {canRespond && (
            <div>
              <Label htmlFor={categoryId}>{t("thread.category")}</Label>
              <select
                id={categoryId}
                value={category}
                onChange={(event) => setCategory(event.target.value as QueryResponseCategory | "")}
                className={CONTROL_CLASS}
              >
                <option value="">{t("thread.choose")}</option>
                {QUERY_RESPONSE_CATEGORIES.map((value) => (
                  <option key={value} value={value}>
                    {t(`category.${value}`)}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div>
            <Label htmlFor={textId}>{t("thread.text")}</Label>
            <textarea
              id={textId}
              rows={2}
              value={text}
              onChange={(event) => setText(event.target.value)}
              className={CONTROL_CLASS}
            />
          </div>
          {problem && (
            <p role="alert" className="text-sm text-red-700">
              {problem}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            {canRespond && context.rights.correct && (
              <Button variant="secondary" onClick={() => context.correct(query)} disabled={pending}>
                {t("thread.correct")}
              </Button>
            )}
            {canRespond && (
              <Button onClick={() => void take("response")} disabled={pending}>
                {t("thread.answer")}
              </Button>
            )}
            {canClose && (
              <Button onClick={() => void take("close")} disabled={pending}>
                {t("thread.close")}
              </Button>
            )}
            {canReopen && (
              <Button variant="secondary" onClick={() => void take("reopen")} disabled={pending}>
                {t("thread.reopen")}
              </Button>
            )}
          </div>
        </div>
      )}
    </article>
  );
}

/**
 * A reviewer's new query on the value: its question, sent only for a saved value (it is shown), and
 * whom it is assigned to, if anyone (Nobody by default): the assignee is told (decision 0031).
 */
function RaiseQuery({
  studyId,
  target,
  first,
  assignees,
}: {
  studyId: number;
  target: QueryTarget;
  first: boolean;
  assignees: readonly QueryAssignee[];
}) {
  const t = useTranslations("dataQueries");
  const words = useWords();
  const raise = useOpenQuery();
  const [text, setText] = useState("");
  const [assignee, setAssignee] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const assigneeId = useId();

  async function send() {
    setProblem(null);
    try {
      await raise.mutateAsync({
        study_id: studyId,
        entity_type: target.entityType,
        entity_id: target.entityId,
        ...(target.field !== null ? { field: target.field } : {}),
        ...(assignee !== "" ? { assignee_id: Number(assignee) } : {}),
        text,
      });
      setText("");
      setAssignee("");
    } catch (error) {
      setProblem(words(errorText(error)));
    }
  }

  return (
    <div className="space-y-2 border-t border-slate-200 pt-2 first:border-t-0 first:pt-0">
      <Label htmlFor={id}>{first ? t("raise.question") : t("raise.another")}</Label>
      <textarea
        id={id}
        rows={2}
        value={text}
        onChange={(event) => setText(event.target.value)}
        className={CONTROL_CLASS}
      />
      {assignees.length > 0 && (
        <div className="space-y-1">
          <Label htmlFor={assigneeId}>{t("raise.assignee")}</Label>
          <select
            id={assigneeId}
            value={assignee}
            onChange={(event) => setAssignee(event.target.value)}
            className={CONTROL_CLASS}
          >
            <option value="">{t("raise.nobody")}</option>
            {assignees.map((member) => (
              <option key={member.id} value={String(member.id)}>
                {member.name}
              </option>
            ))}
          </select>
        </div>
      )}
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      <Button onClick={() => void send()} disabled={raise.isPending}>
        {t("raise.send")}
      </Button>
    </div>
  );
}
