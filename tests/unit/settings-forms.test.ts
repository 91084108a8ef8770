import { createTranslator } from "use-intl/core";
import { describe, expect, it } from "vitest";
import { isFooterUrl } from "@/lib/contract/site-settings";
import type { Translator } from "@/lib/i18n/translator";
import { footerApiMessage, footerFormFields, footerFormSchema } from "@/lib/site/footer-form";
import { chooseSettingsCentre } from "@/lib/site/settings-centre";
import { paletteScale } from "@/lib/theme/palettes";
import { SHAPE_RADII } from "@/lib/theme/theme";
import {
  type TThemeChoice,
  themeOverridesFor,
  themePreviewVariables,
  withOverrides,
} from "@/lib/theme/theme-choice";
import en from "@/messages/en.json";

const t = createTranslator({ locale: "en", messages: en }) as unknown as Translator;

describe("which centre /instellingen edits", () => {
  const base = { superadmin: false, centreIds: ["5", "9"], selected: null, siteCentreId: "1" };

  it("is the selected organization when it is a centre the user runs", () => {
    expect(chooseSettingsCentre({ ...base, selected: { id: "9", type: "VolunteerCenter" } })).toBe(
      "9",
    );
  });

  it("else the first centre the user runs (a selected school or someone else's centre is no choice)", () => {
    expect(chooseSettingsCentre({ ...base, selected: { id: "12", type: "School" } })).toBe("5");
    expect(chooseSettingsCentre({ ...base, selected: { id: "7", type: "VolunteerCenter" } })).toBe(
      "5",
    );
  });

  it("for a superadmin any selected centre, else one they run, else the site's own", () => {
    const superadmin = { ...base, superadmin: true };
    expect(
      chooseSettingsCentre({ ...superadmin, selected: { id: "7", type: "VolunteerCenter" } }),
    ).toBe("7");
    expect(chooseSettingsCentre(superadmin)).toBe("5");
    expect(chooseSettingsCentre({ ...superadmin, centreIds: [] })).toBe("1");
  });

  it("is none for anyone else: the 403 screen", () => {
    expect(chooseSettingsCentre({ ...base, centreIds: [] })).toBeNull();
    expect(
      chooseSettingsCentre({
        ...base,
        centreIds: [],
        selected: { id: "1", type: "VolunteerCenter" },
      }),
    ).toBeNull();
  });
});

describe("the design page's choice", () => {
  const site: TThemeChoice = {
    palette: { primary: "teal", secondary: "blue", neutral: "stone" },
    font: "nunito-sans",
    shape: "curved",
  };

  it("stores only what differs from the site's design, and nothing for the site's design itself", () => {
    expect(themeOverridesFor(site, site)).toEqual({});
    expect(
      themeOverridesFor(site, {
        ...site,
        palette: { ...site.palette, primary: "violet" },
        shape: "straight",
      }),
    ).toEqual({ palette: { primary: "violet" }, shape: "straight" });
    expect(themeOverridesFor(site, { ...site, font: "inter" })).toEqual({ font: "inter" });
  });

  it("starts from the site's design with the stored overrides on top", () => {
    expect(withOverrides(site, {})).toEqual(site);
    expect(withOverrides(site, { palette: { neutral: "zinc" }, shape: "full" })).toEqual({
      ...site,
      palette: { ...site.palette, neutral: "zinc" },
      shape: "full",
    });
    // Round trip: what is stored for a choice brings that choice back.
    const chosen: TThemeChoice = {
      palette: { primary: "indigo", secondary: "blue", neutral: "gray" },
      font: "nunito-sans",
      shape: "smooth",
    };
    expect(withOverrides(site, themeOverridesFor(site, chosen))).toEqual(chosen);
  });

  it("previews with Tailwind's own tokens, the secondary palette as accent", () => {
    const vars = themePreviewVariables(site, "Nunito", false);
    expect(vars["--color-primary-700"]).toBe(paletteScale("teal")[700]);
    expect(vars["--color-accent-700"]).toBe(paletteScale("blue")[700]);
    expect(vars["--color-neutral-300"]).toBe(paletteScale("stone")[300]);
    expect(vars["--radius-shape"]).toBe(SHAPE_RADII.curved.control);
    expect(vars["--radius-shape-lg"]).toBe(SHAPE_RADII.curved.surface);
    expect(vars["--font-sans"]).toBe("Nunito");
  });

  it("keeps the high-contrast tenant's strong borders in the preview", () => {
    const vars = themePreviewVariables(site, "Nunito", true);
    expect(vars["--color-neutral-300"]).toBe(paletteScale("stone")[700]);
    expect(vars["--color-neutral-500"]).toBe(paletteScale("stone")[900]);
  });
});

describe("the footer's rules (the api's, docs/api-site-settings.md)", () => {
  it("takes web addresses and paths on this site, nothing that leaves it another way", () => {
    for (const good of ["https://example.nl", "http://x.nl/a?b=c", "/contact", "/", " /privacy "]) {
      expect(isFooterUrl(good), good).toBe(true);
    }
    for (const bad of [
      "//evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
      "www.example.nl",
      "https://",
      "/met spatie",
      "mailto:a@b.nl",
      "",
    ]) {
      expect(isFooterUrl(bad), bad).toBe(false);
    }
  });

  it("says one thing per field", () => {
    const result = footerFormSchema(t).safeParse({
      text: "x".repeat(1001),
      links: [
        { label: "", url: "https://ok.nl" },
        { label: "x".repeat(61), url: "//evil" },
      ],
    });
    expect(result.success).toBe(false);
    const first: Record<string, string> = {};
    for (const issue of result.error?.issues ?? []) first[issue.path.join(".")] ??= issue.message;
    expect(first).toEqual({
      text: "Footer text can be at most 1000 characters long.",
      "links.0.label": "Link text is required.",
      "links.1.label": "Link text can be at most 60 characters long.",
      "links.1.url": en.settings.footer.urlInvalid,
    });
  });

  it("allows eight links and no more", () => {
    const link = { label: "Privacy", url: "/privacy" };
    expect(footerFormSchema(t).safeParse({ text: "", links: Array(8).fill(link) }).success).toBe(
      true,
    );
    expect(footerFormSchema(t).safeParse({ text: "", links: Array(9).fill(link) }).success).toBe(
      false,
    );
  });

  it("maps the api's problems onto the link fields, worded for people", () => {
    expect([...footerFormFields(2)].sort()).toEqual([
      "links.0.label",
      "links.0.url",
      "links.1.label",
      "links.1.url",
      "text",
    ]);
    expect(footerApiMessage(t, "links.1.url", "invalid")).toBe(en.settings.footer.urlInvalid);
    expect(footerApiMessage(t, "links.0.label", "blank")).toBe("Link text is required.");
    expect(footerApiMessage(t, "text", "too_long")).toBe(
      "Footer text can be at most 1000 characters long.",
    );
  });
});
