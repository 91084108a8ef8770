import { shownKm, type TMatchReason } from "../../../lib/contract/matches";
import type { TAvailabilityDay } from "../../../lib/contract/volunteer-profile";
import { tagName } from "../../../lib/tags/tag-name";
import { renderTemplate, type TTemplateOverride } from "../notification-templates/render";
import { escapeHtml, greeting, type TLocale, type TRenderedMail } from "./layout";

/**
 * The periodic mail of new vacancies that fit (docs/matching.md): one line per vacancy
 * with its reasons ("Sport · 3 km · zaterdag", the dashboard's words), a link to each, and
 * in the footer why it comes and how to stop it in one click.
 */

export type TPeriodicMailItem = {
  title: string;
  organizationName: string | null;
  url: string;
  reasons: readonly TMatchReason[];
};

const DAYS: Record<TLocale, Record<TAvailabilityDay, string>> = {
  nl: {
    monday: "maandag",
    tuesday: "dinsdag",
    wednesday: "woensdag",
    thursday: "donderdag",
    friday: "vrijdag",
    saturday: "zaterdag",
    sunday: "zondag",
  },
  en: {
    monday: "Monday",
    tuesday: "Tuesday",
    wednesday: "Wednesday",
    thursday: "Thursday",
    friday: "Friday",
    saturday: "Saturday",
    sunday: "Sunday",
  },
};

const TEXTS = {
  nl: {
    remote: "op afstand",
    at: "bij",
    why: "Je krijgt deze mail omdat je de periodieke mail hebt aangezet. Hoe vaak en hoe ver, kies je hier:",
    stop: "Geen mail meer? Meld je met één klik af:",
  },
  en: {
    remote: "remote",
    at: "at",
    why: "You receive this e-mail because you turned on the periodic mail. Choose how often and how far here:",
    stop: "No more mail? Unsubscribe in one click:",
  },
} as const;

/** "Sport, Zorg · 3 km · zaterdag": the same words as the dashboard. */
export function reasonLine(locale: TLocale, reasons: readonly TMatchReason[]): string {
  const tags = reasons.flatMap((r) => (r.kind === "tag" ? [tagName(r, locale)] : []));
  const days = reasons.flatMap((r) => (r.kind === "day" ? [DAYS[locale][r.day]] : []));
  const parts: string[] = [];
  if (tags.length > 0) parts.push(tags.join(", "));
  for (const reason of reasons) {
    if (reason.kind === "remote") parts.push(TEXTS[locale].remote);
    if (reason.kind === "distance") parts.push(`${shownKm(reason.km)} km`);
  }
  if (days.length > 0) parts.push(days.join(", "));
  return parts.join(" · ");
}

export function periodicMail(
  p: TTemplateOverride & {
    locale: TLocale;
    frequency: "weekly" | "monthly";
    firstName: string | null;
    tenantName: string;
    items: readonly TPeriodicMailItem[];
    settingsUrl: string;
    unsubscribeUrl: string;
  },
): TRenderedMail {
  const texts = TEXTS[p.locale];
  const rendered = renderTemplate(
    "periodic_mail",
    p.locale,
    {
      "recipient.first_name": p.firstName,
      "tenant.name": p.tenantName,
      count: p.items.length,
      frequency: p.frequency,
    },
    p.override,
    p.log,
  );
  const subject = rendered.subject;
  const heading = (item: TPeriodicMailItem) =>
    item.organizationName ? `${item.title} (${texts.at} ${item.organizationName})` : item.title;

  const text = [
    greeting(p.locale, p.firstName),
    ...rendered.paragraphs,
    ...p.items.map(
      (item) => `- ${heading(item)}\n  ${reasonLine(p.locale, item.reasons)}\n  ${item.url}`,
    ),
    `${texts.why}\n${p.settingsUrl}`,
    `${texts.stop}\n${p.unsubscribeUrl}`,
    p.tenantName,
  ].join("\n\n");

  const link = (url: string, label: string) =>
    `<a href="${escapeHtml(url)}">${escapeHtml(label)}</a>`;
  const html = [
    "<!DOCTYPE html>",
    `<html lang="${p.locale}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family: sans-serif; line-height: 1.5">',
    `<p>${escapeHtml(greeting(p.locale, p.firstName))}</p>`,
    ...rendered.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    "<ul>",
    ...p.items.map(
      (item) =>
        `<li>${link(item.url, heading(item))}<br>${escapeHtml(reasonLine(p.locale, item.reasons))}</li>`,
    ),
    "</ul>",
    `<p>${escapeHtml(texts.why)} ${link(p.settingsUrl, p.settingsUrl)}</p>`,
    `<p>${escapeHtml(texts.stop)} ${link(p.unsubscribeUrl, p.unsubscribeUrl)}</p>`,
    `<p>${escapeHtml(p.tenantName)}</p>`,
    "</body></html>",
  ].join("\n");
  return { subject, text: `${text}\n`, html };
}
