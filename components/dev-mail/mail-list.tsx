import { getTranslations } from "next-intl/server";
import type { TDevMail } from "@/lib/dev-mail/load-dev-mails";
import { timeZone } from "@/lib/i18n/config";
import { MailBody } from "./mail-body";

/** The outbox mails, newest first: one list item per mail, its subject as the heading. */
export async function MailList({ mails, locale }: { mails: TDevMail[]; locale: string }) {
  const t = await getTranslations("devMail");
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeStyle: "short", timeZone });
  return (
    <ul className="flex flex-col gap-6">
      {mails.map((mail) => {
        const headingId = `mail-${mail.id}`;
        return (
          <li key={mail.id}>
            <article
              aria-labelledby={headingId}
              className="rounded-shape-lg border border-neutral-300 bg-white p-6"
            >
              <h2 id={headingId} className="text-xl font-semibold text-neutral-900">
                {mail.subject.trim() || t("noSubject")}
              </h2>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-neutral-800">
                <dt className="font-medium">{t("to")}</dt>
                <dd className="break-all">{mail.to}</dd>
                <dt className="font-medium">{t("sentAt")}</dt>
                <dd>
                  <time dateTime={mail.createdAt}>{date.format(new Date(mail.createdAt))}</time>
                </dd>
              </dl>
              <MailBody text={mail.text} />
            </article>
          </li>
        );
      })}
    </ul>
  );
}
