import { linkify } from "@/lib/dev-mail/linkify";

/**
 * A message as written: plain text, line breaks kept, its http(s) addresses as links. React
 * elements only, never HTML, so nothing a person types can become markup. The links are
 * someone's own words: `nofollow ugc`, and no referrer or opener handed to where they lead.
 */
export function MessageText({ text }: { text: string }) {
  return (
    <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">
      {linkify(text).map((part, index) =>
        part.kind === "link" ? (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: parts of one immutable text
            key={index}
            href={part.href}
            rel="nofollow ugc noopener noreferrer"
            className="break-all underline"
          >
            {part.text}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one immutable text
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}
