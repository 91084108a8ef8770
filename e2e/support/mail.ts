import { SINK_URL } from "./ports";
import type { TSinkMessage } from "./smtp-sink";

export type { TSinkMessage };

/** Mail the SMTP sink received for `to` (oldest first). */
export async function listMail(to: string): Promise<TSinkMessage[]> {
  const response = await fetch(`${SINK_URL}/messages?to=${encodeURIComponent(to)}`);
  if (!response.ok) throw new Error(`smtp sink answered ${response.status}`);
  return (await response.json()) as TSinkMessage[];
}

/** Forgets received mail (for `to`, or all): call before the step that sends. */
export async function clearMail(to?: string): Promise<void> {
  const query = to ? `?to=${encodeURIComponent(to)}` : "";
  await fetch(`${SINK_URL}/messages${query}`, { method: "DELETE" });
}

/** The newest mail for `to` (optionally with a matching subject), waiting for it to arrive. */
export async function waitForMail(
  to: string,
  options: { subject?: RegExp; timeoutMs?: number } = {},
): Promise<TSinkMessage> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const found = (await listMail(to)).filter(
      (m) => !options.subject || options.subject.test(m.subject),
    );
    if (found.length > 0) return found[found.length - 1];
    if (Date.now() > deadline) {
      throw new Error(`no mail to ${to}${options.subject ? ` matching ${options.subject}` : ""}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The first http(s) link in the mail: the text part, else the html's first href. */
export function firstLink(message: TSinkMessage): string {
  const inText = message.text.match(/https?:\/\/[^\s<>"')\]]+/);
  if (inText) return inText[0];
  const inHtml = message.html?.match(/href="(https?:\/\/[^"]+)"/);
  if (inHtml) return inHtml[1].replaceAll("&amp;", "&");
  throw new Error(`no link in mail "${message.subject}" to ${message.to.join(", ")}`);
}
