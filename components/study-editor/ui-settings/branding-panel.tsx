"use client";

import { useId, useState } from "react";
import { cn } from "@/components/ui/cn";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { LOGO_SUGGESTED, THEME_DEFAULTS, themeVariables } from "@/lib/theme/study-theme";
import { DimensionField, withSetting, type PanelProps } from "./settings-fields";

export const LOGO_ERROR = "Failed to load logo";

/**
 * What the preview will try to load: web addresses, same-origin paths and inline images. Anything
 * else (a `javascript:` URL, a bare `logo.png` that resolves differently on every study page) would
 * not load in the study header either, so it is reported as a failed logo without being fetched.
 */
function isPreviewable(url: string): boolean {
  return /^https?:\/\//i.test(url) || /^\/(?!\/)/.test(url) || /^data:image\//i.test(url);
}

export function BrandingPanel({ settings, onChange }: PanelProps) {
  const id = useId();
  const url = settings.logo_url?.trim() ?? "";
  // Keyed by URL, so a new URL clears the error without an effect.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const previewable = url !== "" && isPreviewable(url);
  const failed = url !== "" && (!previewable || failedUrl === url);
  const headerBg = themeVariables(settings)["--study-header-bg"] ?? THEME_DEFAULTS.header_bg_color;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="space-y-4">
        <div>
          <Label htmlFor={`${id}-url`}>Logo URL</Label>
          <Input
            id={`${id}-url`}
            // Not type="url": same-origin paths such as /uploads/logo.png are valid logos.
            type="text"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://example.org/logo.png"
            value={settings.logo_url ?? ""}
            onChange={(event) => onChange(withSetting(settings, "logo_url", event.target.value))}
          />
        </div>
        <div className="flex flex-wrap gap-4">
          <DimensionField
            label="Logo Width"
            value={settings.logo_width}
            placeholder={LOGO_SUGGESTED.width}
            onChange={(value) => onChange(withSetting(settings, "logo_width", value))}
          />
          <DimensionField
            label="Logo Height"
            value={settings.logo_height}
            placeholder={LOGO_SUGGESTED.height}
            onChange={(value) => onChange(withSetting(settings, "logo_height", value))}
          />
        </div>
        <p className="text-xs text-slate-500">
          Suggested: {LOGO_SUGGESTED.width} × {LOGO_SUGGESTED.height} pixels.
        </p>
      </div>

      <figure className="space-y-2">
        <figcaption className="text-sm font-medium text-slate-700">Logo preview</figcaption>
        <div
          style={{ backgroundColor: headerBg }}
          className="flex min-h-16 items-center rounded-md border border-slate-200 px-3 py-2"
        >
          {url === "" && <p className="text-sm text-slate-500">No logo set.</p>}
          {previewable && (
            // eslint-disable-next-line @next/next/no-img-element -- study logos are arbitrary URLs set by admins
            <img
              key={url}
              src={url}
              alt="Logo preview"
              width={settings.logo_width ?? LOGO_SUGGESTED.width}
              height={settings.logo_height ?? LOGO_SUGGESTED.height}
              onError={() => setFailedUrl(url)}
              onLoad={() => setFailedUrl(null)}
              className={cn("object-contain", failed && "hidden")}
            />
          )}
          {failed && (
            <p role="alert" className="text-sm text-red-700">
              {LOGO_ERROR}
            </p>
          )}
        </div>
      </figure>
    </div>
  );
}
