import { linkify } from "@/lib/dev-mail/linkify";

/** A plain-text mail body as sent, its http(s) URLs as links (React elements, never HTML). */
export function MailBody({ text }: { text: string }) {
  return (
    <pre className="mt-3 overflow-x-auto whitespace-pre-wrap break-words rounded-shape bg-neutral-100 p-4 font-mono text-sm text-neutral-900">
      {linkify(text).map((part, index) =>
        part.kind === "link" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one immutable text
          <a key={index} href={part.href} className="break-all text-primary-800 underline">
            {part.text}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one immutable text
          <span key={index}>{part.text}</span>
        ),
      )}
    </pre>
  );
}
