"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { useWords } from "@/components/i18n/use-words";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Label } from "@/components/ui/label";
import { failureText } from "@/lib/client/admin-team";
import { uploadFile } from "@/lib/client/contents";
import { FILE_URL } from "@/lib/schemas/contents";
import { MAX_UPLOAD_FILE_SIZE_TEXT, uploadSizeProblem } from "@/lib/schemas/uploads";
import { LOGO_SUGGESTED, THEME_DEFAULTS, themeVariables } from "@/lib/theme/study-theme";
import { DimensionField, withSetting, type PanelProps } from "./settings-fields";
import { useEditorReadOnly } from "../editor-read-only";

const LOGO_ACCEPT = ".png,.jpg,.jpeg,.webp,.svg";

/**
 * The logo is an image uploaded to this server (png, jpeg, webp, or svg after sanitizing) and
 * served from our origin by /api/files. A remote address is never loaded: every study-area
 * visitor's browser would fetch it and hand their address to its host.
 */
export function BrandingPanel({ settings, onChange, studyId }: PanelProps & { studyId?: number }) {
  const id = useId();
  const t = useTranslations("editorSettings.branding");
  // A locked study takes no new logo (its upload answers 423), nor the removal of its own.
  const readOnly = useEditorReadOnly();
  const words = useWords();
  const url = settings.logo_url?.trim() ?? "";
  const ownLogo = FILE_URL.test(url);
  // Keyed by URL, so a new logo clears the error without an effect.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const failed = ownLogo && failedUrl === url;
  const headerBg = themeVariables(settings)["--study-header-bg"] ?? THEME_DEFAULTS.header_bg_color;

  async function upload(file: File | undefined) {
    if (!file || studyId === undefined) return;
    setUploading(true);
    setUploadError(null);
    try {
      const uploaded = await uploadFile(`/studies/${studyId}/logo`, file);
      onChange(withSetting(settings, "logo_url", uploaded.file_url));
    } catch (error) {
      const detail = failureText(error, "");
      setUploadError(detail ? t("uploadFailedDetail", { detail }) : t("uploadFailed"));
    } finally {
      setUploading(false);
    }
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="space-y-4">
        {!readOnly && (
          <div>
            <Label htmlFor={`${id}-file`}>{t("logoImage")}</Label>
            <input
              id={`${id}-file`}
              type="file"
              accept={LOGO_ACCEPT}
              disabled={studyId === undefined || uploading}
              aria-describedby={`${id}-hint`}
              className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 disabled:opacity-60"
              onChange={(event) => {
                const file = event.target.files?.[0];
                // Refused before a byte is sent, by the rule the server enforces (decision 0014).
                const tooLarge = file ? uploadSizeProblem(file) : null;
                if (tooLarge) {
                  event.target.value = "";
                  setUploadError(words(tooLarge));
                  return;
                }
                void upload(file);
              }}
            />
            <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
              {studyId === undefined ? t("saveFirst") : t("formats", { size: MAX_UPLOAD_FILE_SIZE_TEXT })}
            </p>
            {uploading && (
              <p role="status" className="text-sm text-slate-600">
                {t("uploading")}
              </p>
            )}
            {uploadError && (
              <p role="alert" className="mt-1 text-sm text-red-700">
                {uploadError}
              </p>
            )}
            {url !== "" && (
              <Button
                variant="destructive"
                className="mt-2"
                onClick={() => onChange(withSetting(settings, "logo_url", undefined))}
              >
                {t("removeLogo")}
              </Button>
            )}
          </div>
        )}
        <div className="flex flex-wrap gap-4">
          <DimensionField
            label={t("logoWidth")}
            value={settings.logo_width}
            placeholder={LOGO_SUGGESTED.width}
            onChange={(value) => onChange(withSetting(settings, "logo_width", value))}
          />
          <DimensionField
            label={t("logoHeight")}
            value={settings.logo_height}
            placeholder={LOGO_SUGGESTED.height}
            onChange={(value) => onChange(withSetting(settings, "logo_height", value))}
          />
        </div>
        <p className="text-xs text-slate-500">
          {t("suggested", { width: LOGO_SUGGESTED.width, height: LOGO_SUGGESTED.height })}
        </p>
      </div>

      <figure className="space-y-2">
        <figcaption className="text-sm font-medium text-slate-700">{t("logoPreview")}</figcaption>
        <div
          style={{ backgroundColor: headerBg }}
          className="flex min-h-16 items-center rounded-md border border-slate-200 px-3 py-2"
        >
          {url === "" && <p className="text-sm text-slate-500">{t("noLogo")}</p>}
          {url !== "" && !ownLogo && (
            <p role="alert" className="text-sm text-amber-800">
              {t("remoteLogo")}
            </p>
          )}
          {ownLogo && (
            // eslint-disable-next-line @next/next/no-img-element -- an uploaded file of ours, sized by the study
            <img
              key={url}
              src={url}
              alt={t("logoPreview")}
              width={settings.logo_width ?? LOGO_SUGGESTED.width}
              height={settings.logo_height ?? LOGO_SUGGESTED.height}
              onError={() => setFailedUrl(url)}
              onLoad={() => setFailedUrl(null)}
              className={cn("object-contain", failed && "hidden")}
            />
          )}
          {failed && (
            <p role="alert" className="text-sm text-red-700">
              {t("logoFailed")}
            </p>
          )}
        </div>
      </figure>
    </div>
  );
}
