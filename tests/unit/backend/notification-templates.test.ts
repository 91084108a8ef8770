import { describe, expect, it } from "vitest";
import {
  TEMPLATE_KEYS,
  TEMPLATE_KINDS,
  type TTemplateKey,
  templateKind,
} from "../../../backend/mail/notification-templates/registry";
import {
  renderDefault,
  renderTemplate,
  sampleValues,
  validateTemplate,
} from "../../../backend/mail/notification-templates/render";
import { applicationNotice } from "../../../backend/mail/templates/application-notices";
import { confirmationMail } from "../../../backend/mail/templates/confirmation";
import { invitationMail } from "../../../backend/mail/templates/invitation";
import { messageNotice } from "../../../backend/mail/templates/message-notices";
import { periodicMail } from "../../../backend/mail/templates/periodic-mail";

// The registry of notification templates (docs/notification-templates.md): every default
// renders its sample data in both languages and reads only variables its kind declares;
// the mail modules say through the registry what they said before; overrides that cannot
// render fall back to the default.

const LOCALES = ["nl", "en"] as const;

describe("the registry", () => {
  it("has unique keys, each with both languages and at least one variable", () => {
    expect(new Set(TEMPLATE_KEYS).size).toBe(TEMPLATE_KINDS.length);
    for (const kind of TEMPLATE_KINDS) {
      expect(Object.keys(kind.defaults).sort(), kind.key).toEqual(["en", "nl"]);
      expect(Object.keys(kind.variables).length, kind.key).toBeGreaterThan(0);
    }
  });

  for (const kind of TEMPLATE_KINDS) {
    for (const locale of LOCALES) {
      it(`${kind.key} (${locale}): the default declares every variable it reads and renders its samples`, () => {
        const key = kind.key as TTemplateKey;
        expect(validateTemplate(key, kind.defaults[locale])).toEqual([]);
        const rendered = renderDefault(key, locale, sampleValues(key));
        expect(rendered.subject).not.toBe("");
        expect(rendered.paragraphs.length).toBeGreaterThan(0);
        const all = [rendered.subject, ...rendered.paragraphs].join("\n");
        expect(all).not.toMatch(/\{\{|\{%|%\}|\}\}/);
      });
    }
  }
});

describe("validation", () => {
  const text = (body: string, subject = "Onderwerp") => ({ subject, body });

  it("names a variable the kind does not have, and allows its own and loop variables", () => {
    expect(validateTemplate("auth.unlock", text("{{ vacancy.title }}"))).toEqual([
      expect.objectContaining({
        field: "body",
        code: "unknown_variable",
        variable: "vacancy.title",
      }),
    ]);
    expect(
      validateTemplate(
        "application.received",
        text(
          "{% assign n = vacancy.title | size %}{% for i in (1..2) %}{{ i }}{% endfor %}{{ n }}{{ vacancy }}",
        ),
      ),
    ).toEqual([]);
  });

  it("refuses file tags, unknown filters and broken syntax as syntax problems", () => {
    for (const source of [
      "{% include '/etc/passwd' %}",
      "{% render 'x' %}",
      "{% layout 'x' %}",
      "{{ 'x' | unknown }}",
      "{% if %}",
      "{{ tenant.name ",
    ]) {
      expect(validateTemplate("auth.unlock", text(source)), source).toEqual([
        expect.objectContaining({ field: "body", code: "syntax" }),
      ]);
    }
  });

  it("refuses text past its length", () => {
    expect(validateTemplate("auth.unlock", text("x", "y".repeat(301)))).toEqual([
      expect.objectContaining({ field: "subject", code: "too_long" }),
    ]);
  });
});

describe("rendering", () => {
  it("treats values as data: braces in a value are printed, not run", () => {
    const rendered = renderDefault("application.received", "nl", {
      "vacancy.title": "{{ 7 * 7 }} {% include 'x' %}",
      "applicant.name": "Sam",
    });
    expect(rendered.subject).toBe("Nieuwe reactie op {{ 7 * 7 }} {% include 'x' %}");
  });

  it("falls back to the default, logging, when an override fails to render", () => {
    const logged: string[] = [];
    const rendered = renderTemplate(
      "auth.unlock",
      "en",
      { "tenant.name": "Demo" },
      { subject: "{% for i in (1..100000000) %}xxxxxxxxxx{% endfor %}", body: "x" },
      ({ key }) => logged.push(key),
    );
    expect(rendered.subject).toBe("Your Demo account has been locked");
    expect(logged).toEqual(["auth.unlock"]);
  });

  it("keeps the kind's variables in its registry entry", () => {
    expect(templateKind("application.reminder")?.variables).toHaveProperty("days");
    expect(templateKind("nope")).toBeUndefined();
  });
});

describe("the mail modules say what they said before", () => {
  it("application notices, with 'a volunteer' for a nameless applicant", () => {
    const facts = { vacancyTitle: "Koken", organizationName: "Buurthuis", applicantName: null };
    expect(applicationNotice("nl", { kind: "application_received" }, facts)).toEqual({
      title: "Nieuwe reactie op Koken",
      body: "Een vrijwilliger heeft gereageerd op de vacature Koken.",
    });
    expect(applicationNotice("en", { kind: "application_reminder", days: 5 }, facts).body).toBe(
      "A volunteer applied for the vacancy Koken 5 working days ago and has not heard back yet. Please let them know where they stand, even if it is a no.",
    );
    expect(
      applicationNotice("nl", { kind: "application_status", status: "closed" }, facts),
    ).toEqual({
      title: "De vacature Koken is gesloten",
      body: "Buurthuis heeft de vacature Koken gesloten. Je reactie is daarmee afgesloten.",
    });
  });

  it("a message notice with and without a conversation title", () => {
    expect(messageNotice("en", { author: null, title: "", preview: "Hoi" })).toEqual({
      title: "New message from someone",
      body: "Hoi",
    });
    expect(messageNotice("nl", { author: "Kim", title: "Tuin", preview: "Hoi" })).toEqual({
      title: "Nieuw bericht van Kim",
      body: "Tuin: Hoi",
    });
  });

  it("the confirmation mail, for an address and for a change of address", () => {
    const base = {
      locale: "nl",
      tenantName: "Demo",
      firstName: "Jan",
      email: "n@x.nl",
      link: "https://x/c",
    };
    expect(confirmationMail(base).text).toBe(
      "Hallo Jan,\n\nBevestig dat n@x.nl jouw e-mailadres is voor Demo.\n\nBevestig mijn e-mailadres:\nhttps://x/c\n\nDe link is 3 dagen geldig.\n\nDemo\n",
    );
    const change = confirmationMail({ ...base, locale: "en", previousEmail: "o@x.nl" });
    expect(change.subject).toBe("Confirm your new email address for Demo");
    expect(change.text).toContain(
      "You asked to change your email address for Demo to n@x.nl. Please confirm that this is your address.\n\nUntil you do, you keep signing in with o@x.nl.",
    );
  });

  it("the invitation, with and without who and which role", () => {
    const base = {
      locale: "nl",
      tenantName: "Demo",
      firstName: null,
      link: null,
      validDays: 14,
    };
    expect(invitationMail({ ...base, inviterName: null, role: null }).text).toContain(
      "Je bent uitgenodigd voor Demo.\n\nKies een wachtwoord",
    );
    expect(
      invitationMail({
        ...base,
        locale: "en",
        inviterName: "Kim",
        role: { name: "desk_manager", resourceLabel: "Balie Noord" },
      }).text,
    ).toContain("Kim has invited you to Demo as desk manager of Balie Noord.");
  });

  it("the periodic mail's subject counts and names the period", () => {
    const base = {
      firstName: "Jan",
      tenantName: "Demo",
      settingsUrl: "https://x/s",
      unsubscribeUrl: "https://x/u",
    };
    const item = { title: "Koken", organizationName: null, url: "https://x/v/1", reasons: [] };
    expect(
      periodicMail({ ...base, locale: "nl", frequency: "weekly", items: [item] }).subject,
    ).toBe("Een nieuwe vacature die bij je past deze week");
    expect(
      periodicMail({ ...base, locale: "en", frequency: "monthly", items: [item, item] }).subject,
    ).toBe("2 new vacancies that fit you this month");
  });
});
