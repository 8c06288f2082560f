"use client";

import { EditorContent, useEditor, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useTranslations } from "next-intl";
import { cn } from "@/components/ui/cn";
import { isHttpUrl, CONTENT_LIMITS } from "@/lib/schemas/contents";
import { RICH_TEXT_CLASS } from "./rich-html";

type Props = {
  id: string;
  label: string;
  value: string;
  onChange: (html: string) => void;
  /** Spec §9: 400 px by default. */
  height?: number;
};

type Tool = {
  label: "bold" | "italic" | "heading" | "bulletList" | "numberedList" | "link";
  run: (e: Editor, prompt: string) => void;
  active?: (e: Editor) => boolean;
};

const TOOLS: Tool[] = [
  { label: "bold", run: (e) => e.chain().focus().toggleBold().run(), active: (e) => e.isActive("bold") },
  {
    label: "italic",
    run: (e) => e.chain().focus().toggleItalic().run(),
    active: (e) => e.isActive("italic"),
  },
  {
    label: "heading",
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
    active: (e) => e.isActive("heading", { level: 2 }),
  },
  {
    label: "bulletList",
    run: (e) => e.chain().focus().toggleBulletList().run(),
    active: (e) => e.isActive("bulletList"),
  },
  {
    label: "numberedList",
    run: (e) => e.chain().focus().toggleOrderedList().run(),
    active: (e) => e.isActive("orderedList"),
  },
  {
    label: "link",
    run: (e, prompt) => {
      const url = window.prompt(prompt, e.getAttributes("link").href ?? "");
      if (url === null) return;
      if (url.trim() === "") e.chain().focus().unsetLink().run();
      else if (isHttpUrl(url.trim()) || /^mailto:/i.test(url.trim()))
        e.chain().focus().extendMarkRange("link").setLink({ href: url.trim() }).run();
    },
    active: (e) => e.isActive("link"),
  },
];

/**
 * tiptap (StarterKit) with a small toolbar. Its HTML is only a draft: the server sanitizes it
 * before storing. immediatelyRender is off, as tiptap requires under server rendering.
 */
export function RichTextEditor({ id, label, value, onChange, height = CONTENT_LIMITS.editorHeight }: Props) {
  const t = useTranslations("contents.editor");
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        link: { openOnClick: false, autolink: true, protocols: ["http", "https", "mailto"] },
      }),
    ],
    content: value,
    editorProps: {
      attributes: {
        id,
        role: "textbox",
        "aria-multiline": "true",
        "aria-label": label,
        class: cn(RICH_TEXT_CLASS, "h-full min-h-full px-3 py-2 text-sm focus:outline-none"),
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? "" : current.getHTML()),
  });

  return (
    <div className="rounded-md border border-slate-300 bg-white focus-within:ring-2 focus-within:ring-brand-600/30">
      <div
        role="toolbar"
        aria-label={t("toolbar", { label })}
        className="flex flex-wrap gap-1 border-b border-slate-200 p-1"
      >
        {TOOLS.map((tool) => (
          <button
            key={tool.label}
            type="button"
            disabled={!editor}
            aria-pressed={editor && tool.active ? tool.active(editor) : undefined}
            onClick={() => editor && tool.run(editor, t("linkPrompt"))}
            className="rounded px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-100 aria-pressed:bg-slate-200"
          >
            {t(tool.label)}
          </button>
        ))}
      </div>
      <div className="overflow-y-auto" style={{ height }} data-testid="rich-text-editor">
        <EditorContent editor={editor} className="h-full" />
      </div>
    </div>
  );
}
