import { cn } from "@/components/ui/cn";

/** Readable defaults for the rich text a block holds (no typography plugin here). */
export const RICH_TEXT_CLASS =
  "space-y-2 break-words [&_a]:text-[var(--study-primary,#1d4ed8)] [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-3 [&_h1]:text-2xl [&_h1]:font-semibold [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:text-lg [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_pre]:overflow-x-auto [&_pre]:rounded [&_pre]:bg-slate-100 [&_pre]:p-2 [&_ul]:list-disc [&_ul]:pl-6";

/**
 * HTML of a content block. It was sanitized by the server when it was stored (DOMPurify, strict
 * allowlist), and the page's CSP allows no inline script either.
 */
export function RichHtml({ html, className }: { html: string | undefined; className?: string }) {
  if (!html) return null;
  return <div className={cn(RICH_TEXT_CLASS, className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
