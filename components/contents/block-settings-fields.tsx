"use client";

import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { useWords } from "@/components/i18n/use-words";
import { Button } from "@/components/ui/button";
import { CONTROL_CLASS } from "@/components/ui/control-class";
import { FieldError, invalidProps } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { uploadFile } from "@/lib/client/contents";
import { failureText } from "@/lib/client/admin-team";
import {
  BUTTON_STYLES,
  INFO_BOX_VARIANTS,
  LAYOUT_SPANS,
  LAYOUTS,
  type ContentBlockType,
  type Layout,
} from "@/lib/schemas/contents";
import { formatFileSize, MAX_UPLOAD_FILE_SIZE_TEXT, uploadSizeProblem } from "@/lib/schemas/uploads";
import { useContentWords } from "./content-words";
import { RichTextEditor } from "./rich-text-editor";

export type Settings = Record<string, unknown>;
type Props = {
  type: ContentBlockType;
  settings: Settings;
  onChange: (settings: Settings) => void;
  studyId: number;
  errorFor: (field: string) => string | undefined;
};

const str = (value: unknown, fallback = "") => (typeof value === "string" ? value : fallback);
const ATTACHMENT_ACCEPT = ".pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.txt,.zip";

/** The inputs each block type adds to the form (spec §3 settings by type). */
export function BlockSettingsFields({ type, settings, onChange, studyId, errorFor }: Props) {
  const t = useTranslations("contents.settings");
  const set = (key: string, value: unknown) => onChange({ ...settings, [key]: value });
  switch (type) {
    case "button":
      return (
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <Label htmlFor="block-url">{t("buttonUrl")}</Label>
            <Input
              id="block-url"
              type="url"
              placeholder={t("urlPlaceholder")}
              value={str(settings.url)}
              {...invalidProps("block-url", errorFor("url"))}
              onChange={(event) => set("url", event.target.value)}
            />
            <FieldError id="block-url" error={errorFor("url")} />
          </div>
          <div>
            <Label htmlFor="block-style">{t("buttonStyle")}</Label>
            <select
              id="block-style"
              className={CONTROL_CLASS}
              value={str(settings.style, "primary")}
              onChange={(event) => set("style", event.target.value)}
            >
              {BUTTON_STYLES.map((style) => (
                <option key={style} value={style}>
                  {t(`styles.${style}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
      );
    case "info_box":
      return (
        <div>
          <Label htmlFor="block-variant">{t("boxStyle")}</Label>
          <select
            id="block-variant"
            className={CONTROL_CLASS}
            value={str(settings.variant, "info")}
            onChange={(event) => set("variant", event.target.value)}
          >
            {INFO_BOX_VARIANTS.map((variant) => (
              <option key={variant} value={variant}>
                {t(`variants.${variant}`)}
              </option>
            ))}
          </select>
        </div>
      );
    case "columns":
      return <ColumnsFields settings={settings} onChange={onChange} />;
    case "card_grid":
      return <CardsFields settings={settings} onChange={onChange} />;
    case "attachment":
      return (
        <AttachmentField settings={settings} onChange={onChange} studyId={studyId} errorFor={errorFor} />
      );
    default:
      return null;
  }
}

function ColumnsFields({ settings, onChange }: Pick<Props, "settings" | "onChange">) {
  const t = useTranslations("contents.settings");
  const words = useContentWords();
  const layout = (str(settings.layout, "2") in LAYOUT_SPANS ? str(settings.layout, "2") : "2") as Layout;
  const columns = Array.isArray(settings.columns) ? (settings.columns as { content: string }[]) : [];
  const setColumn = (index: number, content: string) => {
    const next = LAYOUT_SPANS[layout].map((_, i) => ({ content: columns[i]?.content ?? "" }));
    next[index] = { content };
    onChange({ ...settings, layout, columns: next });
  };
  return (
    <div className="space-y-3">
      <div>
        <Label htmlFor="block-columns-layout">{t("columnLayout")}</Label>
        <select
          id="block-columns-layout"
          className={CONTROL_CLASS}
          value={layout}
          onChange={(event) => onChange({ ...settings, layout: event.target.value, columns })}
        >
          {LAYOUTS.map((key) => (
            <option key={key} value={key}>
              {words.layout(key)}
            </option>
          ))}
        </select>
      </div>
      {LAYOUT_SPANS[layout].map((_, index) => (
        <div key={`${layout}-${index}`}>
          <Label htmlFor={`block-column-${index}`}>{t("column", { number: index + 1 })}</Label>
          <RichTextEditor
            id={`block-column-${index}`}
            label={t("column", { number: index + 1 })}
            value={columns[index]?.content ?? ""}
            onChange={(html) => setColumn(index, html)}
            height={160}
          />
        </div>
      ))}
    </div>
  );
}

function CardsFields({ settings, onChange }: Pick<Props, "settings" | "onChange">) {
  const t = useTranslations("contents.settings");
  const cards = Array.isArray(settings.cards)
    ? (settings.cards as { title: string; description: string }[])
    : [];
  const setCards = (next: typeof cards) => onChange({ ...settings, cards: next });
  return (
    <fieldset className="space-y-3">
      <legend className="mb-1 text-sm font-medium text-slate-700">{t("cards")}</legend>
      {cards.map((card, index) => (
        <div
          key={index}
          className="grid gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-[1fr_2fr_auto]"
        >
          <div>
            <Label htmlFor={`card-title-${index}`}>{t("cardTitle", { number: index + 1 })}</Label>
            <Input
              id={`card-title-${index}`}
              value={card.title}
              onChange={(event) =>
                setCards(cards.map((c, i) => (i === index ? { ...c, title: event.target.value } : c)))
              }
            />
          </div>
          <div>
            <Label htmlFor={`card-description-${index}`}>{t("cardDescription", { number: index + 1 })}</Label>
            <Input
              id={`card-description-${index}`}
              value={card.description}
              onChange={(event) =>
                setCards(cards.map((c, i) => (i === index ? { ...c, description: event.target.value } : c)))
              }
            />
          </div>
          <Button
            variant="destructive"
            className="self-end"
            aria-label={t("removeCard", { number: index + 1 })}
            onClick={() => setCards(cards.filter((_, i) => i !== index))}
          >
            {t("remove")}
          </Button>
        </div>
      ))}
      <Button variant="secondary" onClick={() => setCards([...cards, { title: "", description: "" }])}>
        {t("addCard")}
      </Button>
    </fieldset>
  );
}

function AttachmentField({ settings, onChange, studyId, errorFor }: Omit<Props, "type">) {
  const t = useTranslations("contents");
  const locale = useLocale();
  const words = useWords();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fileName = str(settings.file_name);
  async function pick(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const uploaded = await uploadFile(`/upload?study_id=${studyId}`, file);
      onChange({ file_url: uploaded.file_url, file_name: uploaded.file_name, file_size: uploaded.file_size });
    } catch (caught) {
      const detail = failureText(caught, "");
      setError(detail ? t("settings.uploadFailed", { detail: words(detail) }) : t("messages.uploadFailed"));
    } finally {
      setBusy(false);
    }
  }
  const problem = error ? words(error) : errorFor("file_url");
  return (
    <div>
      <Label htmlFor="block-file">{t("settings.file")}</Label>
      <input
        id="block-file"
        type="file"
        accept={ATTACHMENT_ACCEPT}
        disabled={busy}
        aria-describedby="block-file-hint"
        className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Refused before a byte is sent, by the rule the server enforces (decision 0014).
          const tooLarge = file ? uploadSizeProblem(file) : null;
          if (tooLarge) {
            event.target.value = "";
            setError(tooLarge);
            return;
          }
          void pick(file);
        }}
      />
      <p id="block-file-hint" className="mt-1 text-xs text-slate-500">
        {t("settings.fileHint", { max: MAX_UPLOAD_FILE_SIZE_TEXT })}
      </p>
      {busy && (
        <p role="status" className="text-sm text-slate-600">
          {t("settings.uploading")}
        </p>
      )}
      {fileName && (
        <p className="mt-1 text-sm text-slate-800" data-testid="attachment-current">
          {t("settings.currentFile", {
            name: fileName,
            size: formatFileSize(Number(settings.file_size) || 0, locale),
          })}
        </p>
      )}
      {problem && (
        <p role="alert" className="mt-1 text-xs text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}
