import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { TENANT_SLUGS } from "@/lib/tenants/slugs";
import { TENANTS } from "@/lib/tenants/tenants";
import { AA_TEXT, contrastRatio, parseColor } from "@/lib/theme/contrast";
import {
  ARIAL_OVERRIDES,
  againstFallback,
  fallbackFamilies,
  fallbackFontFaces,
} from "@/lib/theme/font-fallbacks";
import { FONT_IDS, SYSTEM_SANS_STACK } from "@/lib/theme/font-list";
import { FONT_FAMILIES } from "@/lib/theme/fonts";
import { themeHtmlAttributes } from "@/lib/theme/html-attributes";
import { PAIRINGS, type TColorRef } from "@/lib/theme/pairings";
import {
  DANGER_PALETTE,
  NEUTRAL_PALETTES,
  PRIMARY_PALETTES,
  SECONDARY_PALETTES,
  SHADES,
  TAILWIND_PALETTES,
  type TScale,
} from "@/lib/theme/palettes";
import { parseThemeOverrides, resolveTheme } from "@/lib/theme/resolve-theme";
import { DEFAULT_THEME, SHAPE_RADII, SHAPES, type TThemePalette } from "@/lib/theme/theme";

// next/font/local only works inside Next's compiler; here it records its options and answers
// with a family named after the file, so the tests can see which file a tenant's font uses.
type TFontCall = {
  src: string;
  preload?: boolean;
  adjustFontFallback?: false;
  declarations?: { prop: string; value: string }[];
};
const fontCalls = vi.hoisted(() => [] as TFontCall[]);
vi.mock("next/font/local", () => ({
  default: (options: TFontCall) => {
    fontCalls.push(options);
    const name = options.src.split("/").pop()?.replace(".woff2", "");
    const fontFamily =
      options.adjustFontFallback === false ? `'${name}'` : `'${name}', '${name} Fallback'`;
    return { className: `font-${name}`, style: { fontFamily } };
  },
}));

const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const tailwindTheme = read("node_modules/tailwindcss/theme.css");
const globalsCss = read("app/globals.css");

function tailwindColor(palette: string, shade: number): string {
  const match = new RegExp(`--color-${palette}-${shade}:\\s*([^;]+);`).exec(tailwindTheme);
  if (!match) throw new Error(`Tailwind has no --color-${palette}-${shade}`);
  return match[1].trim();
}

function scaleOf(name: string): TScale {
  return Object.fromEntries(SHADES.map((shade) => [shade, tailwindColor(name, shade)])) as TScale;
}

/** The colour a pairing names, for one palette choice (danger is fixed). */
function colorOf(ref: TColorRef, palette: TThemePalette, scales = TAILWIND_PALETTES): string {
  if (ref === "white") return "#ffffff";
  const name = ref.role === "danger" ? DANGER_PALETTE : palette[ref.role];
  return (scales as Record<string, TScale>)[name][ref.shade];
}

function failingPairings(palette: TThemePalette, scales: Record<string, TScale>) {
  return PAIRINGS.map((pairing) => ({
    pairing,
    ratio: contrastRatio(
      colorOf(pairing.foreground, palette, scales as typeof TAILWIND_PALETTES),
      colorOf(pairing.background, palette, scales as typeof TAILWIND_PALETTES),
    ),
  }))
    .filter(({ pairing, ratio }) => ratio < pairing.min)
    .map(({ pairing, ratio }) => `${JSON.stringify(pairing)}: ${ratio.toFixed(2)}`);
}

describe("contrast computation", () => {
  it("gives WCAG's known ratios for hex colours", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#ffffff")).toBe(1);
    // #767676 is the classic lightest grey that passes 4.5:1 on white.
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
    expect(contrastRatio("#777777", "#ffffff")).toBeLessThan(AA_TEXT);
  });

  it("converts oklch as CSS Color 4 does", () => {
    expect(parseColor("oklch(100% 0 0)")).toEqual({ r: 255, g: 255, b: 255 });
    expect(parseColor("oklch(0% 0 none)")).toEqual({ r: 0, g: 0, b: 0 });
    // CSS 'red' is oklch(62.8% 0.2577 29.23).
    expect(parseColor("oklch(62.8% 0.2577 29.23)")).toEqual({ r: 255, g: 0, b: 0 });
    // Tailwind 4 documents green-700 as #008236 and blue-700 as #1447e6.
    expect(parseColor(TAILWIND_PALETTES.green[700])).toEqual(parseColor("#008236"));
    expect(parseColor(TAILWIND_PALETTES.blue[700])).toEqual(parseColor("#1447e6"));
  });

  it("refuses a notation it cannot compute", () => {
    expect(() => parseColor("rebeccapurple")).toThrow();
  });
});

describe("palettes", () => {
  it("are Tailwind's own values, shade for shade", () => {
    for (const [name, scale] of Object.entries(TAILWIND_PALETTES)) {
      expect(scale, name).toEqual(scaleOf(name));
    }
  });

  it("default to green / blue / slate (spec §1)", () => {
    expect(DEFAULT_THEME.palette).toEqual({
      primary: "green",
      secondary: "blue",
      neutral: "slate",
    });
  });

  it("keep every pairing at WCAG 2.2 AA for every allowed combination", () => {
    const failures: string[] = [];
    for (const primary of PRIMARY_PALETTES) {
      for (const secondary of SECONDARY_PALETTES) {
        for (const neutral of NEUTRAL_PALETTES) {
          failures.push(...failingPairings({ primary, secondary, neutral }, TAILWIND_PALETTES));
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("can fail: yellow as primary and green as secondary are below AA", () => {
    const scales = { ...TAILWIND_PALETTES, yellow: scaleOf("yellow") };
    const yellow = failingPairings(
      { primary: "yellow", secondary: "blue", neutral: "slate" } as unknown as TThemePalette,
      scales,
    );
    expect(yellow.length).toBeGreaterThan(0);
    const greenLinks = failingPairings(
      { primary: "green", secondary: "green", neutral: "gray" } as unknown as TThemePalette,
      scales,
    );
    expect(greenLinks.length).toBeGreaterThan(0);
  });

  it("check text pairings at 4.5:1 and cover the colours the components use", () => {
    const used = new Set(
      PAIRINGS.map((p) =>
        p.foreground === "white" ? "white" : `${p.foreground.role}-${p.foreground.shade}`,
      ),
    );
    for (const token of [
      "neutral-700",
      "neutral-900",
      "primary-800",
      "secondary-700",
      "danger-700",
    ]) {
      expect(used).toContain(token);
    }
    expect(PAIRINGS.filter((p) => p.use === "text").every((p) => p.min === AA_TEXT)).toBe(true);
  });
});

describe("shapes", () => {
  it("default to rounded (spec §1) and offer the five of spec §1", () => {
    expect(DEFAULT_THEME.shape).toBe("rounded");
    expect(SHAPES).toEqual(["straight", "rounded", "curved", "smooth", "full"]);
  });

  it("round more from straight to full, controls and surfaces alike", () => {
    const px = (value: string) => Number.parseFloat(value) * (value.endsWith("rem") ? 16 : 1);
    expect(SHAPE_RADII.straight).toEqual({ control: "0px", surface: "0px" });
    for (let i = 1; i < SHAPES.length; i++) {
      const [before, after] = [SHAPE_RADII[SHAPES[i - 1]], SHAPE_RADII[SHAPES[i]]];
      expect(px(after.control)).toBeGreaterThan(px(before.control));
      expect(px(after.surface)).toBeGreaterThan(px(before.surface));
    }
    // 'full': a single-line control (about 44px high) becomes a pill.
    expect(px(SHAPE_RADII.full.control)).toBeGreaterThanOrEqual(22);
  });
});

describe("theme model", () => {
  it("has spec §1's header, footer and buttons", () => {
    expect(DEFAULT_THEME.header).toEqual({ variant: "tab", sticky: true });
    expect(DEFAULT_THEME.footer).toEqual({ variant: "fixed" });
    expect(DEFAULT_THEME.buttons).toEqual({ variant: "neutral", size: "xl", rounded: "full" });
    expect(DEFAULT_THEME.font).toBe("system");
  });

  it("gives the tenants looks of their own", () => {
    const looks = TENANT_SLUGS.map((slug) => {
      const { palette, shape, font } = TENANTS[slug].theme;
      return JSON.stringify({ palette, shape, font });
    });
    expect(new Set(looks).size).toBe(TENANT_SLUGS.length);
    expect(TENANTS.demo.theme).toEqual(DEFAULT_THEME);
  });
});

describe("resolveTheme", () => {
  const tenant = TENANTS.oldebroek;

  it("is the tenant's theme without overrides", () => {
    expect(resolveTheme(tenant)).toEqual({ ...tenant.theme, highContrast: false });
  });

  it("lays an admin's palette, font and shape over the tenant's", () => {
    const resolved = resolveTheme(tenant, {
      palette: { secondary: "violet" },
      font: "inter",
      shape: "straight",
    });
    expect(resolved.palette).toEqual({ ...tenant.theme.palette, secondary: "violet" });
    expect(resolved.font).toBe("inter");
    expect(resolved.shape).toBe("straight");
    expect(resolved.header).toEqual(tenant.theme.header);
  });

  it("drops override values it does not know and keeps the rest", () => {
    const overrides = parseThemeOverrides({
      palette: { primary: "yellow", neutral: "zinc" },
      font: "comic-sans",
      shape: "full",
    });
    expect(overrides).toEqual({ palette: { neutral: "zinc" }, shape: "full" });
    expect(parseThemeOverrides("nonsense")).toEqual({});
    expect(parseThemeOverrides(null)).toEqual({});
    expect(resolveTheme(tenant, overrides).palette.primary).toBe(tenant.theme.palette.primary);
  });

  it("keeps high contrast on the high-contrast tenant whatever the overrides", () => {
    expect(
      resolveTheme(TENANTS.roermond, parseThemeOverrides({ highContrast: false })).highContrast,
    ).toBe(true);
  });
});

describe("themeHtmlAttributes", () => {
  it.each(TENANT_SLUGS)("puts %s's palette, shape and font on <html>", (slug) => {
    const tenant = TENANTS[slug];
    const attributes = themeHtmlAttributes(tenant);
    const style = attributes.style as Record<string, string>;
    const { palette, shape, font } = tenant.theme;

    for (const role of ["primary", "secondary", "neutral"] as const) {
      for (const shade of SHADES) {
        expect(style[`--site-${role}-${shade}`]).toBe(TAILWIND_PALETTES[palette[role]][shade]);
      }
    }
    expect(attributes["data-shape"]).toBe(shape);
    expect(style["--site-radius"]).toBe(SHAPE_RADII[shape].control);
    expect(style["--site-radius-lg"]).toBe(SHAPE_RADII[shape].surface);
    expect(attributes["data-font"]).toBe(font);
    expect(style["--site-font"]).toBe(FONT_FAMILIES[font]);
    expect(style["--site-font"].endsWith(SYSTEM_SANS_STACK)).toBe(true);
  });

  it("marks only the high-contrast tenant with data-contrast='high'", () => {
    for (const slug of TENANT_SLUGS) {
      expect(themeHtmlAttributes(TENANTS[slug])["data-contrast"]).toBe(
        slug === "roermond" ? "high" : undefined,
      );
    }
  });

  it("writes nothing but --site-* properties, so it cannot clash with Tailwind's", () => {
    const style = themeHtmlAttributes(TENANTS.cordaad).style as Record<string, string>;
    expect(Object.keys(style).every((key) => key.startsWith("--site-"))).toBe(true);
    expect(Object.keys(style)).toHaveLength(3 * SHADES.length + 3);
  });

  it("applies overrides from the design page", () => {
    const attributes = themeHtmlAttributes(TENANTS.demo, { shape: "full", font: "figtree" });
    expect(attributes["data-shape"]).toBe("full");
    expect((attributes.style as Record<string, string>)["--site-font"]).toBe(FONT_FAMILIES.figtree);
  });

  it("uses the system font on demo (no download) and the bundled file elsewhere", () => {
    const fontOf = (slug: keyof typeof TENANTS) =>
      (themeHtmlAttributes(TENANTS[slug]).style as Record<string, string>)["--site-font"];
    expect(fontOf("demo")).toBe(SYSTEM_SANS_STACK);
    expect(fontOf("oldebroek").split(", ").slice(0, 3)).toEqual([
      "'nunito-sans-latin-wght-normal'",
      "'nunito-sans-latin-ext-wght-normal'",
      "'nunito-sans-latin-wght-normal Fallback'",
    ]);
  });
});

describe("fonts (next/font/local)", () => {
  const fontsourceCss = (id: string) => read(`node_modules/@fontsource-variable/${id}/index.css`);

  it("loads a latin and a latin-ext file of every bundled font, and nothing else", () => {
    const bundled = FONT_IDS.filter((id) => id !== "system");
    const expected = bundled.flatMap((id) => [
      `${id}-latin-wght-normal.woff2`,
      `${id}-latin-ext-wght-normal.woff2`,
    ]);
    expect(fontCalls.map((call) => path.basename(call.src)).sort()).toEqual(expected.sort());
  });

  it("points at files that exist", () => {
    for (const call of fontCalls) {
      expect(existsSync(path.resolve(root, "lib/theme", call.src)), call.src).toBe(true);
    }
  });

  it("preloads no font, so a page downloads only the one its tenant uses", () => {
    expect(fontCalls.every((call) => call.preload === false)).toBe(true);
  });

  it("gives each file fontsource's own unicode-range", () => {
    for (const call of fontCalls) {
      const file = path.basename(call.src, ".woff2");
      const id = FONT_IDS.find((font) => file.startsWith(`${font}-`));
      const block = new RegExp(`/\\* ${file} \\*/[^}]*unicode-range:\\s*([^;]+);`).exec(
        fontsourceCss(id ?? ""),
      );
      const range = call.declarations?.find((d) => d.prop === "unicode-range")?.value;
      expect(range?.replace(/\s+/g, ""), file).toBe(block?.[1].replace(/\s+/g, ""));
    }
  });

  it("names latin first, then latin-ext, then the metric-adjusted fallback and the system stack", () => {
    const stack = FONT_FAMILIES.inter.split(", ");
    expect(stack.slice(0, 3)).toEqual([
      "'inter-latin-wght-normal'",
      "'inter-latin-ext-wght-normal'",
      "'inter-latin-wght-normal Fallback'",
    ]);
    expect(FONT_FAMILIES.inter.endsWith(SYSTEM_SANS_STACK)).toBe(true);
  });

  it("names the Roboto and Liberation fallbacks after next/font's Arial one, for every font", () => {
    for (const font of FONT_IDS) {
      if (font === "system") continue;
      const stack = FONT_FAMILIES[font].split(", ");
      expect(stack.slice(3, 5), font).toEqual(fallbackFamilies(font).map((f) => `"${f}"`));
      // Every family the stack names has its @font-face among the rules the layout writes.
      const faces = fallbackFontFaces(font);
      for (const family of fallbackFamilies(font)) {
        expect(faces, font).toContain(`font-family:"${family}"`);
      }
    }
    expect(fallbackFontFaces("system")).toBe("");
  });
});

describe("metric-adjusted fallbacks (lib/theme/font-fallbacks.ts)", () => {
  it("keep the font's own vertical metrics when measured against another fallback", () => {
    const arial = ARIAL_OVERRIDES.inter;
    const roboto = againstFallback(arial, 911 / 2048);
    // Roboto is a hair narrower than Arial, so the size goes up and the overrides down.
    expect(roboto.sizeAdjust).toBeCloseTo(107.89 * (913 / 911), 6);
    // ascent-override × size-adjust is the font's ascent per em, whatever the fallback.
    expect(roboto.ascent * roboto.sizeAdjust).toBeCloseTo(arial.ascent * arial.sizeAdjust, 6);
    expect(roboto.descent * roboto.sizeAdjust).toBeCloseTo(arial.descent * arial.sizeAdjust, 6);
    // Against Arial itself nothing changes.
    expect(againstFallback(arial, 913 / 2048)).toEqual(arial);
  });

  it("write Liberation Sans with Arial's very overrides and Roboto with its own", () => {
    const css = fallbackFontFaces("inter");
    expect(css).toContain(
      '@font-face{font-family:"inter Fallback Liberation";src:local("Liberation Sans"), local("LiberationSans"), local("Arimo"), local("Arimo Regular");ascent-override:89.79%;descent-override:22.36%;line-gap-override:0.00%;size-adjust:107.89%}',
    );
    expect(css).toMatch(
      /@font-face\{font-family:"inter Fallback Roboto";src:local\("Roboto"\), local\("Roboto Regular"\), local\("Roboto-Regular"\);ascent-override:89\.59%;descent-override:22\.31%;line-gap-override:0\.00%;size-adjust:108\.13%\}/,
    );
  });
});

describe("app/globals.css", () => {
  const token = (name: string) => {
    const match = new RegExp(`^\\s*${name}:\\s*([^;]+);`, "m").exec(globalsCss);
    return match?.[1].replace(/\s+/g, " ").trim();
  };

  it("maps Tailwind's colour tokens onto the --site-* properties, defaulting to spec §1's palette", () => {
    const roles = [
      ["primary", "primary", DEFAULT_THEME.palette.primary],
      ["accent", "secondary", DEFAULT_THEME.palette.secondary],
      ["neutral", "neutral", DEFAULT_THEME.palette.neutral],
    ] as const;
    for (const [tailwindRole, siteRole, fallback] of roles) {
      for (const shade of SHADES) {
        expect(token(`--color-${tailwindRole}-${shade}`)).toBe(
          `var(--site-${siteRole}-${shade}, var(--color-${fallback}-${shade}))`,
        );
      }
    }
    expect(token("--color-danger-700")).toBe(`var(--color-${DANGER_PALETTE}-700)`);
  });

  it("maps shape and font, defaulting to 'rounded' and the system stack", () => {
    expect(token("--radius-shape")).toBe(`var(--site-radius, ${SHAPE_RADII.rounded.control})`);
    expect(token("--radius-shape-lg")).toBe(
      `var(--site-radius-lg, ${SHAPE_RADII.rounded.surface})`,
    );
    expect(
      token("--font-sans")
        ?.replace(/\(\s*/, "(")
        .replace(/\s*\)$/, ")"),
    ).toBe(`var(--site-font, ${SYSTEM_SANS_STACK})`);
  });

  it("keeps spec §9's breakpoints", () => {
    const px = { sm: 640, md: 768, lg: 1024, xl: 1280, "2xl": 1536 };
    for (const [name, value] of Object.entries(px)) {
      expect(token(`--breakpoint-${name}`)).toBe(`${value / 16}rem`);
    }
  });

  it("darkens and thickens borders for the high-contrast tenant", () => {
    const block = /\[data-contrast="high"\]\s*\{([^}]*)\}/.exec(globalsCss)?.[1] ?? "";
    const mapped = Object.fromEntries(
      [...block.matchAll(/--color-neutral-(\d+):\s*var\(--site-neutral-(\d+),/g)].map((m) => [
        Number(m[1]),
        Number(m[2]),
      ]),
    );
    // Hairlines (300) and input outlines (500) both get a darker shade, clear text contrast.
    expect(Object.keys(mapped).map(Number).sort()).toEqual([300, 500]);
    for (const neutral of NEUTRAL_PALETTES) {
      const scale = TAILWIND_PALETTES[neutral];
      for (const [from, to] of Object.entries(mapped)) {
        const before = contrastRatio(scale[Number(from) as 300 | 500], "#ffffff");
        const after = contrastRatio(scale[to as 700 | 900], "#ffffff");
        expect(after).toBeGreaterThan(before * 1.5);
        expect(after).toBeGreaterThanOrEqual(AA_TEXT);
      }
    }
    expect(globalsCss).toMatch(
      /\[data-contrast="high"\]\s*\{\s*& \.border \{\s*border-width: 2px;/,
    );
    expect(globalsCss).toMatch(
      /& :is\(input, select, textarea\)\.border-2 \{\s*border-width: 3px;/,
    );
  });
});
