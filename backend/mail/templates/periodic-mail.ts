import { shownKm, type TMatchReason } from "../../../lib/contract/matches";
import type { TAvailabilityDay } from "../../../lib/contract/volunteer-profile";
import { tagName } from "../../../lib/tags/tag-name";
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
    subject: (n: number, weekly: boolean) =>
      `${n === 1 ? "Een nieuwe vacature die bij je past" : `${n} nieuwe vacatures die bij je passen`}${weekly ? " deze week" : " deze maand"}`,
    intro: (weekly: boolean) =>
      `Dit zijn de nieuwe vacatures van ${weekly ? "de afgelopen week" : "de afgelopen maand"} die passen bij je interesses, je afstand en je tijden:`,
    remote: "op afstand",
    at: "bij",
    why: "Je krijgt deze mail omdat je de periodieke mail hebt aangezet. Hoe vaak en hoe ver, kies je hier:",
    stop: "Geen mail meer? Meld je met één klik af:",
  },
  en: {
    subject: (n: number, weekly: boolean) =>
      `${n === 1 ? "A new vacancy that fits you" : `${n} new vacancies that fit you`}${weekly ? " this week" : " this month"}`,
    intro: (weekly: boolean) =>
      `These are the new vacancies of ${weekly ? "the past week" : "the past month"} that fit your interests, distance and times:`,
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

export function periodicMail(p: {
  locale: TLocale;
  frequency: "weekly" | "monthly";
  firstName: string | null;
  tenantName: string;
  items: readonly TPeriodicMailItem[];
  settingsUrl: string;
  unsubscribeUrl: string;
}): TRenderedMail {
  const texts = TEXTS[p.locale];
  const weekly = p.frequency === "weekly";
  const subject = texts.subject(p.items.length, weekly);
  const heading = (item: TPeriodicMailItem) =>
    item.organizationName ? `${item.title} (${texts.at} ${item.organizationName})` : item.title;

  const text = [
    greeting(p.locale, p.firstName),
    texts.intro(weekly),
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
    `<p>${escapeHtml(texts.intro(weekly))}</p>`,
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
