import type { TTemplateText } from "../notification-templates/registry";
import { renderTemplate, type TTemplateFallbackLog } from "../notification-templates/render";
import {
  greeting,
  noticeOf,
  paragraphsOf,
  renderMail,
  type TLocale,
  type TRenderedMail,
} from "./layout";

/**
 * A new message, as the bell and the mail say it, in the recipient's language: who wrote,
 * in which thread, and the message's first words (plain text, as written).
 */

type TNotice = { title: string; body: string };

export function messageNotice(
  locale: TLocale,
  facts: { author: string | null; title: string; preview: string },
  context: {
    override?: TTemplateText | null;
    link?: string | null;
    log?: TTemplateFallbackLog;
  } = {},
): TNotice {
  const who = facts.author ?? (locale === "en" ? "someone" : "iemand");
  const rendered = renderTemplate(
    "message.new",
    locale,
    {
      "author.name": who,
      "conversation.title": facts.title,
      "message.preview": facts.preview,
      link: context.link ?? null,
    },
    context.override,
    context.log,
  );
  return noticeOf(rendered);
}

export function messageNoticeMail(p: {
  locale: TLocale;
  firstName: string | null;
  tenantName: string;
  notice: TNotice;
  origin: string | null;
  path: string;
}): TRenderedMail {
  const en = p.locale === "en";
  return renderMail({
    subject: p.notice.title,
    greeting: greeting(p.locale, p.firstName),
    intro: paragraphsOf(p.notice.body),
    ...(p.origin
      ? {
          action: {
            label: en ? "Read and reply" : "Lees en antwoord",
            url: `${p.origin}${p.path}`,
          },
        }
      : {}),
    outro: [
      en
        ? "More messages in this conversation within 15 minutes do not send another e-mail."
        : "Komen er binnen 15 minuten meer berichten in dit gesprek, dan krijg je daarover geen nieuwe e-mail.",
      ...(p.origin
        ? [
            en
              ? `You can change how you hear of new messages in your settings: ${p.origin}/profile-edit/settings`
              : `Je kunt bij je instellingen kiezen hoe je over nieuwe berichten hoort: ${p.origin}/profile-edit/settings`,
          ]
        : []),
    ],
    signature: p.tenantName,
  });
}
