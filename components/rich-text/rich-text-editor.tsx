"use client";

import { type Editor, EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useTranslations } from "next-intl";
import {
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
} from "react";
import { isSafeLinkHref } from "@/lib/rich-text/safe-link";
import { LinkDialog } from "./link-dialog";

export type TRichTextEditorHandle = { focus: () => void };

/**
 * StarterKit with its link, limited to what lib/rich-text/sanitize.ts keeps. Headings start
 * at 2 (the page's title is the h1). Code blocks are off: the toolbar offers none and a
 * typed ``` should not turn a text into code.
 */
const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    codeBlock: false,
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: "https",
      // Pasted and auto-linked addresses follow the link dialog's rule.
      isAllowedUri: (url) => isSafeLinkHref(url),
      shouldAutoLink: (url) => isSafeLinkHref(url),
      HTMLAttributes: { rel: "noopener noreferrer nofollow", target: null },
    },
  }),
];

/** Empty paragraphs at the end of the document. */
const TRAILING_EMPTY = /(?:<p><\/p>)+$/;

function editableAttributes(state: {
  labelId: string;
  describedBy?: string;
  invalid: boolean;
  required: boolean;
}): Record<string, string> {
  const attributes: Record<string, string> = {
    role: "textbox",
    "aria-multiline": "true",
    "aria-labelledby": state.labelId,
    class: `prose-content min-h-48 rounded-b-shape border-2 border-t-0 bg-white px-3 py-2 text-base text-neutral-900 ${
      state.invalid ? "border-danger-700" : "border-neutral-500"
    }`,
  };
  if (state.describedBy) attributes["aria-describedby"] = state.describedBy;
  if (state.invalid) attributes["aria-invalid"] = "true";
  if (state.required) attributes["aria-required"] = "true";
  return attributes;
}

type Props = {
  /** The HTML (the form's value); '' is an empty document. */
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  /** The id of the visible label: the editable area is named by it. */
  labelId: string;
  /** Ids of the hint and the error, which describe the editable area. */
  describedBy?: string;
  invalid?: boolean;
  required?: boolean;
  /** react-hook-form's field.ref: it focuses the editor when the field has an error. */
  ref?: Ref<TRichTextEditorHandle>;
};

/**
 * The one rich-text editor (vacancies now; news and content pages later): Tiptap's
 * StarterKit with its link, limited to what lib/rich-text/sanitize.ts keeps, so nothing
 * written here is lost on save. Headings start at 2 (the page's title is the h1), and links
 * take only http(s), mailto and tel (lib/rich-text/safe-link.ts), also when pasted.
 *
 * A controlled field: `value` in, `onChange` with the HTML ('' when empty) out, `onBlur`
 * when focus leaves the editor, so react-hook-form validates it on blur like any field.
 */
export function RichTextEditor({
  value,
  onChange,
  onBlur,
  labelId,
  describedBy,
  invalid = false,
  required = false,
  ref,
}: Props) {
  const t = useTranslations("richText");
  // What the editor last reported, to tell our own echo from a value set from outside.
  const emitted = useRef(value);
  const changeRef = useRef(onChange);
  changeRef.current = onChange;
  const blurRef = useRef(onBlur);
  blurRef.current = onBlur;

  // The first value only: later ones arrive through setContent below. Options that hold
  // still between renders keep useEditor from passing them to the editor again each time.
  const initial = useRef(value);
  const attributesKey = `${labelId}|${describedBy ?? ""}|${invalid}|${required}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: attributesKey stands for what it reads
  const editorProps = useMemo(
    () => ({ attributes: editableAttributes({ labelId, describedBy, invalid, required }) }),
    [attributesKey],
  );

  const editor = useEditor({
    // The server renders no editor (ProseMirror needs the DOM); the client mounts it.
    immediatelyRender: false,
    // Tiptap would add its base CSS as a <style> without the page's nonce, which the CSP
    // refuses; the same rules are in app/globals.css.
    injectCSS: false,
    // The toolbar reads the state it needs through useEditorState instead.
    shouldRerenderOnTransaction: false,
    extensions: EXTENSIONS,
    content: initial.current,
    // A new object when the label, hint or error change: useEditor hands it to the view.
    editorProps,
    onUpdate: ({ editor: current }) => {
      // The empty paragraph the editor keeps after a closing list or heading (so the
      // cursor can get past it) is no content: it is left out of the value.
      const html = current.isEmpty ? "" : current.getHTML().replace(TRAILING_EMPTY, "");
      emitted.current = html;
      changeRef.current(html);
    },
    onBlur: () => blurRef.current?.(),
  });

  // A value set from outside (the form reset to what was saved, another record loaded).
  useEffect(() => {
    if (!editor || editor.isDestroyed || value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useImperativeHandle(ref, () => ({ focus: () => editor?.commands.focus() }), [editor]);

  return (
    <div className="flex flex-col">
      {editor ? (
        <Toolbar editor={editor} label={t("toolbar")} />
      ) : (
        <div className="min-h-12 rounded-t-shape border-2 border-neutral-500 bg-neutral-100" />
      )}
      {editor ? (
        <EditorContent editor={editor} />
      ) : (
        // Before the editor mounts: the same box, so nothing jumps.
        <div className="min-h-48 rounded-b-shape border-2 border-t-0 border-neutral-500 bg-white" />
      )}
    </div>
  );
}

type TToolState = {
  bold: boolean;
  italic: boolean;
  h2: boolean;
  h3: boolean;
  bulletList: boolean;
  orderedList: boolean;
  link: boolean;
  canUndo: boolean;
  canRedo: boolean;
};

function Toolbar({ editor, label }: { editor: Editor; label: string }) {
  const t = useTranslations("richText");
  const [linkOpen, setLinkOpen] = useState(false);
  const state = useEditorState<TToolState>({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      h2: e.isActive("heading", { level: 2 }),
      h3: e.isActive("heading", { level: 3 }),
      bulletList: e.isActive("bulletList"),
      orderedList: e.isActive("orderedList"),
      link: e.isActive("link"),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const currentHref = () => (editor.getAttributes("link").href as string | undefined) ?? "";

  return (
    <>
      <RovingToolbar label={label}>
        <ToolButton
          label={t("bold")}
          pressed={state.bold}
          onClick={() => chain().toggleBold().run()}
        >
          <span className="font-bold">B</span>
        </ToolButton>
        <ToolButton
          label={t("italic")}
          pressed={state.italic}
          onClick={() => chain().toggleItalic().run()}
        >
          <span className="font-serif italic">I</span>
        </ToolButton>
        <Separator />
        <ToolButton
          label={t("heading2")}
          pressed={state.h2}
          onClick={() => chain().toggleHeading({ level: 2 }).run()}
        >
          H2
        </ToolButton>
        <ToolButton
          label={t("heading3")}
          pressed={state.h3}
          onClick={() => chain().toggleHeading({ level: 3 }).run()}
        >
          H3
        </ToolButton>
        <Separator />
        <ToolButton
          label={t("bulletList")}
          pressed={state.bulletList}
          onClick={() => chain().toggleBulletList().run()}
        >
          <span aria-hidden="true">•≡</span>
        </ToolButton>
        <ToolButton
          label={t("orderedList")}
          pressed={state.orderedList}
          onClick={() => chain().toggleOrderedList().run()}
        >
          <span aria-hidden="true">1≡</span>
        </ToolButton>
        <ToolButton label={t("link")} pressed={state.link} onClick={() => setLinkOpen(true)}>
          <span aria-hidden="true" className="underline">
            🔗
          </span>
        </ToolButton>
        <Separator />
        <ToolButton
          label={t("undo")}
          disabled={!state.canUndo}
          onClick={() => chain().undo().run()}
        >
          <span aria-hidden="true">↶</span>
        </ToolButton>
        <ToolButton
          label={t("redo")}
          disabled={!state.canRedo}
          onClick={() => chain().redo().run()}
        >
          <span aria-hidden="true">↷</span>
        </ToolButton>
      </RovingToolbar>
      <LinkDialog
        open={linkOpen}
        initialHref={linkOpen ? currentHref() : ""}
        hasLink={state.link}
        onSave={(href) => {
          setLinkOpen(false);
          const range = chain().extendMarkRange("link");
          if (editor.state.selection.empty && !state.link) {
            // Nothing selected: the address itself becomes the linked text.
            range
              .insertContent({
                type: "text",
                text: href,
                marks: [{ type: "link", attrs: { href } }],
              })
              .run();
          } else {
            range.setLink({ href }).run();
          }
        }}
        onRemove={() => {
          setLinkOpen(false);
          chain().extendMarkRange("link").unsetLink().run();
        }}
        onCancel={() => {
          setLinkOpen(false);
          editor.commands.focus();
        }}
      />
    </>
  );
}

/**
 * A toolbar as WAI-ARIA's pattern has it: one tab stop, arrow keys, Home and End move
 * between its buttons, so a keyboard user passes it with one Tab on the way to the text.
 */
function RovingToolbar({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const buttons = () => [...(ref.current?.querySelectorAll<HTMLButtonElement>("button") ?? [])];

  useEffect(() => {
    buttons().forEach((button, index) => {
      button.tabIndex = index === current ? 0 : -1;
    });
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = buttons();
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    let next = at;
    if (event.key === "ArrowRight") next = (at + 1) % all.length;
    else if (event.key === "ArrowLeft") next = (at - 1 + all.length) % all.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = all.length - 1;
    else return;
    event.preventDefault();
    setCurrent(next);
    all[next].focus();
  };

  return (
    <div
      ref={ref}
      role="toolbar"
      aria-label={label}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onFocus={(event) => {
        // The focus event bubbles from the button that got focus.
        const { target } = event;
        const at = target instanceof HTMLButtonElement ? buttons().indexOf(target) : -1;
        if (at >= 0 && at !== current) setCurrent(at);
      }}
      className="flex flex-wrap items-center gap-1 rounded-t-shape border-2 border-neutral-500 bg-neutral-100 p-1"
    >
      {children}
    </div>
  );
}

function ToolButton({
  label,
  pressed,
  disabled = false,
  onClick,
  children,
}: {
  label: string;
  /** A toggle (bold, a list …) says whether it is on; an action (undo) has no state. */
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      // aria-disabled keeps it in the toolbar's keyboard order (WAI-ARIA toolbar pattern).
      aria-disabled={disabled || undefined}
      // Keep the editor's selection: a mousedown on a button would blur it first.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => {
        if (!disabled) onClick();
      }}
      className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-shape border-2 border-transparent px-2 font-semibold text-neutral-900 hover:bg-neutral-200 aria-disabled:cursor-not-allowed aria-disabled:opacity-50 aria-pressed:border-neutral-800 aria-pressed:bg-white"
    >
      {children}
    </button>
  );
}

function Separator() {
  return <span aria-hidden="true" className="mx-1 h-6 w-px bg-neutral-400" />;
}
