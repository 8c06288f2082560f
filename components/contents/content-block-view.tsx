import { cn } from "@/components/ui/cn";
import { columnsOf, SPAN_CLASS } from "@/lib/contents/builder";
import { langAttribute } from "@/lib/contents/reader-language";
import { FILE_URL, isHttpUrl, LAYOUT_SPANS, type ContentBlock, type Layout } from "@/lib/schemas/contents";
import type { Locale } from "@/lib/i18n/locales";
import { formatFileSize } from "@/lib/schemas/uploads";
import { RichHtml } from "./rich-html";

const BUTTON_STYLE: Record<string, string> = {
  primary: "bg-[var(--study-primary,#1d4ed8)] text-white",
  secondary: "border border-slate-300 bg-white text-slate-800",
  success: "bg-green-700 text-white",
  danger: "bg-red-700 text-white",
};

const INFO_STYLE: Record<string, string> = {
  info: "border-blue-300 bg-blue-50 text-blue-950",
  success: "border-green-300 bg-green-50 text-green-950",
  warning: "border-amber-300 bg-amber-50 text-amber-950",
  danger: "border-red-300 bg-red-50 text-red-950",
};

const str = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * One block as visitors see it, inside a wrapper with `lang` when it is in another language than
 * the page (the fallback, decision 0022), so screen readers read it in its own language.
 */
export function ContentBlockView({ block, locale }: { block: ContentBlock; locale: Locale }) {
  const lang = langAttribute(block, locale);
  const view = <BlockBody block={block} locale={locale} />;
  return lang ? <div lang={lang}>{view}</div> : view;
}

/**
 * A block's own markup (no hooks: the dashboard renders it on the server), its numbers in the
 * reader's `locale` (decision 0021).
 */
function BlockBody({ block, locale }: { block: ContentBlock; locale: Locale }) {
  const { settings } = block;
  switch (block.type) {
    case "hero":
      return (
        <section className="rounded-lg bg-[var(--study-primary,#1d4ed8)] px-6 py-8 text-white">
          {block.title && <h2 className="text-2xl font-bold sm:text-3xl">{block.title}</h2>}
          <RichHtml html={block.content.html} className="mt-3 text-white/90 [&_a]:text-white" />
        </section>
      );
    case "info_box":
      return (
        <aside className={cn("rounded-lg border p-4", INFO_STYLE[str(settings.variant)] ?? INFO_STYLE.info)}>
          {block.title && <h2 className="font-semibold">{block.title}</h2>}
          <RichHtml html={block.content.html} className="mt-1 text-sm" />
        </aside>
      );
    case "button": {
      const url = str(settings.url);
      // Checked on the server when stored; checked again so no other scheme can ever become a link.
      if (!isHttpUrl(url)) return null;
      return (
        <div>
          <a
            href={url}
            rel="noopener noreferrer"
            className={cn(
              "inline-flex rounded-md px-4 py-2 text-sm font-medium",
              BUTTON_STYLE[str(settings.style)] ?? BUTTON_STYLE.primary,
            )}
          >
            {block.title}
          </a>
        </div>
      );
    }
    case "columns": {
      const layout = (str(settings.layout) in LAYOUT_SPANS ? str(settings.layout) : "1") as Layout;
      const columns = Array.isArray(settings.columns) ? (settings.columns as { content: string }[]) : [];
      return (
        <section className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
          {block.title && <h2 className="mb-3 text-lg font-semibold text-slate-900">{block.title}</h2>}
          <div className="grid grid-cols-1 gap-4 md:grid-cols-12">
            {LAYOUT_SPANS[layout].map((span, index) => (
              <div key={index} className={cn("min-w-0", SPAN_CLASS[span])}>
                <RichHtml html={columns[index]?.content} />
              </div>
            ))}
          </div>
        </section>
      );
    }
    case "card_grid": {
      const cards = Array.isArray(settings.cards)
        ? (settings.cards as { title: string; description: string }[])
        : [];
      return (
        <section>
          {block.title && <h2 className="mb-3 text-lg font-semibold text-slate-900">{block.title}</h2>}
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {cards.map((card, index) => (
              <li key={index} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
                {card.title && <h3 className="font-semibold text-slate-900">{card.title}</h3>}
                {card.description && <p className="mt-1 text-sm text-slate-700">{card.description}</p>}
              </li>
            ))}
          </ul>
        </section>
      );
    }
    case "attachment": {
      const url = str(settings.file_url);
      if (!FILE_URL.test(url)) return null;
      return (
        <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          {block.title && <h2 className="font-semibold text-slate-900">{block.title}</h2>}
          <RichHtml html={block.content.html} className="mt-1 text-sm" />
          <a
            href={url}
            download
            className="mt-2 inline-flex items-center gap-2 text-sm font-medium underline"
          >
            {str(settings.file_name)}
            <span className="text-slate-600">
              ({formatFileSize(Number(settings.file_size) || 0, locale)})
            </span>
          </a>
        </section>
      );
    }
    case "layout_row":
      return (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-12">
          {columnsOf(block).map((column, index) => (
            // An empty column keeps its place on the 12-grid, but takes no room when stacked (phones).
            <div
              key={index}
              className={cn("min-w-0 space-y-4 empty:hidden md:empty:block", SPAN_CLASS[column.span])}
            >
              {column.blocks.map((child) => (
                <ContentBlockView key={child.id} block={child} locale={locale} />
              ))}
            </div>
          ))}
        </div>
      );
    default:
      return (
        <section className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
          {block.title && <h2 className="text-lg font-semibold text-slate-900">{block.title}</h2>}
          <RichHtml html={block.content.html} className="mt-2 text-slate-800" />
        </section>
      );
  }
}

/** The study homepage: visible blocks in their order and layout (spec §2 Study dashboard). */
export function ContentBlocks({ blocks, locale }: { blocks: ContentBlock[]; locale: Locale }) {
  if (blocks.length === 0) return null;
  return (
    <div className="space-y-4" data-testid="homepage-content">
      {blocks.map((block) => (
        <ContentBlockView key={block.id} block={block} locale={locale} />
      ))}
    </div>
  );
}
