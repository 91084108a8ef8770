import type { TNotificationInput } from "../schema";

// Four notifications for every seeded user (spec §2: the toolbar's notifications and
// /notificaties), one of each kind, in Dutch, each leading to a page of spec §2. They are
// minutes, hours and days old, so relative times show every unit; the two newest are
// unread, so the toolbar's badge shows 2 on a fresh database.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type TSeedNotification = TNotificationInput & {
  /** How long before the seed ran it arrived. */
  ageMs: number;
  /** How long after it arrived it was read; undefined = unread. */
  readAfterMs?: number;
};

export function seedNotifications(names: { tenant: string; center: string }): TSeedNotification[] {
  return [
    {
      kind: "application",
      title: "Je aanmelding is ontvangen",
      body: "We hebben je aanmelding voor de vacature ontvangen. De organisatie neemt binnenkort contact met je op.",
      url: "/applications",
      ageMs: 12 * MINUTE,
    },
    {
      kind: "message",
      title: `Nieuw bericht van ${names.center}`,
      body: "Je hebt een nieuw bericht. Open het gesprek om te lezen en te reageren.",
      url: "/conversations",
      ageMs: 3 * HOUR,
    },
    {
      kind: "organization",
      title: "Organisatie goedgekeurd",
      body: "De aanmelding van je organisatie is goedgekeurd. Je kunt nu vacatures plaatsen.",
      url: "/organizations",
      ageMs: 2 * DAY,
      readAfterMs: 5 * HOUR,
    },
    {
      kind: "system",
      title: `Welkom bij ${names.tenant}`,
      body: "Fijn dat je er bent! Op je dashboard zie je wat er voor jou klaarstaat.",
      url: "/dashboard",
      ageMs: 9 * DAY,
      readAfterMs: 20 * MINUTE,
    },
  ];
}
