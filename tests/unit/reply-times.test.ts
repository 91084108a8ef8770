import { createTranslator } from "use-intl/core";
import { describe, expect, it } from "vitest";
import type { Translator } from "@/lib/i18n/translator";
import { administeredCentres } from "@/lib/reply-times/overdue-applications";
import {
  replySettingsApiMessage,
  replySettingsSchema,
} from "@/lib/reply-times/reply-settings-form";
import en from "@/messages/en.json";
import nl from "@/messages/nl.json";

// The web's side of reply times (docs/reply-times.md): the settings form's rules, the
// api's refusals in words, which centres' overdue lists the dashboard shows, and the
// vacancy's line with its plural.

const t = createTranslator({ locale: "en", messages: en }) as unknown as Translator;
const valid = {
  replyNudgesEnabled: true,
  replyNudgeDays: 7,
  replyEscalationDays: 10,
  helpPostsPublic: false,
};

describe("the reply-time settings form", () => {
  it("takes whole days within 1..60 with the escalation after the nudge", () => {
    expect(replySettingsSchema(t).safeParse(valid).success).toBe(true);
    expect(
      replySettingsSchema(t).safeParse({ ...valid, replyNudgeDays: 1, replyEscalationDays: 60 })
        .success,
    ).toBe(true);
  });

  it("refuses days out of bounds, not whole, empty, or an escalation not after the nudge", () => {
    const problems = (values: Partial<typeof valid>) => {
      const result = replySettingsSchema(t).safeParse({ ...valid, ...values });
      return result.success ? [] : result.error.issues.map((i) => [i.path.join("."), i.message]);
    };
    expect(problems({ replyNudgeDays: 0 })[0]).toEqual([
      "replyNudgeDays",
      "Remind the organisation after: enter a whole number of working days, 1 to 60.",
    ]);
    expect(problems({ replyEscalationDays: 61 })[0][0]).toBe("replyEscalationDays");
    expect(problems({ replyNudgeDays: 2.5 })[0][0]).toBe("replyNudgeDays");
    expect(problems({ replyNudgeDays: Number.NaN })[0][0]).toBe("replyNudgeDays");
    expect(problems({ replyNudgeDays: 10 })).toEqual([
      ["replyEscalationDays", "The centre must be told later than the organisation is reminded."],
    ]);
  });

  it("words the api's refusals", () => {
    expect(replySettingsApiMessage(t, "replyEscalationDays", "greater_than")).toBe(
      "The centre must be told later than the organisation is reminded.",
    );
    expect(replySettingsApiMessage(t, "replyNudgeDays", "too_small")).toBe(
      "Remind the organisation after: enter a whole number of working days, 1 to 60.",
    );
  });
});

describe("the dashboard's centres", () => {
  it("are the centres among the caller's organisations they hold admin on", () => {
    const organizations = [
      { id: "1", type: "VolunteerCenter", name: "Centre A" },
      { id: "2", type: "VolunteerCenter", name: "Centre B" },
      { id: "3", type: "Organization", name: "Club" },
    ];
    const roles = [
      { id: "r1", name: "admin", resourceType: "Organization", resourceId: 1 },
      { id: "r2", name: "member", resourceType: "Organization", resourceId: 2 },
      { id: "r3", name: "admin", resourceType: "Organization", resourceId: 3 },
    ];
    expect(administeredCentres(organizations, roles).map((o) => o.id)).toEqual(["1"]);
    expect(administeredCentres(organizations, [])).toEqual([]);
  });
});

describe("the vacancy's line", () => {
  it("says day for 1 and days for more, in both languages", () => {
    const tn = createTranslator({ locale: "nl", messages: nl });
    const te = createTranslator({ locale: "en", messages: en });
    expect(tn("replyTimes.vacancy.usuallyReplies", { days: 1 })).toBe(
      "Reageert meestal binnen 1 dag",
    );
    expect(tn("replyTimes.vacancy.usuallyReplies", { days: 3 })).toBe(
      "Reageert meestal binnen 3 dagen",
    );
    expect(te("replyTimes.vacancy.usuallyReplies", { days: 1 })).toBe(
      "Usually replies within 1 day",
    );
    expect(te("replyTimes.dashboard.days", { count: 12 })).toBe("12 working days");
  });
});
