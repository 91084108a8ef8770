"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { type CSSProperties, useState } from "react";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { ChoiceGroup } from "@/components/ui/choice-group";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormError } from "@/components/ui/form-error";
import { QueryGate } from "@/components/ui/query-gate";
import { SubmitButton } from "@/components/ui/submit-button";
import { useApiForm } from "@/lib/forms/use-api-form";
import { fontLabel, paletteLabel, shapeLabel } from "@/lib/site/design-labels";
import { siteSettingsQuery } from "@/lib/site/site-settings-queries";
import {
  saveSiteSettingsAndRefresh,
  siteSettingsChangeKeys,
  useResetSiteDesign,
} from "@/lib/site/use-save-site-settings";
import { FONT_IDS, type TFontId } from "@/lib/theme/font-list";
import {
  NEUTRAL_PALETTES,
  PRIMARY_PALETTES,
  paletteScale,
  SECONDARY_PALETTES,
  type TPaletteName,
} from "@/lib/theme/palettes";
import { parseThemeOverrides } from "@/lib/theme/resolve-theme";
import { SHAPE_RADII, SHAPES, type TShape } from "@/lib/theme/theme";
import {
  type TThemeChoice,
  themeOverridesFor,
  themePreviewVariables,
  withOverrides,
} from "@/lib/theme/theme-choice";

type Props = {
  centreId: string;
  /** The site's own design (the tenant's theme): what "reset" goes back to. */
  siteTheme: TThemeChoice;
  highContrast: boolean;
  /** CSS font-family per font (lib/theme/fonts.ts), from the server page. */
  fontFamilies: Readonly<Record<TFontId, string>>;
};

const designSchema = () =>
  z.object({
    primary: z.enum(PRIMARY_PALETTES),
    secondary: z.enum(SECONDARY_PALETTES),
    neutral: z.enum(NEUTRAL_PALETTES),
    font: z.enum(FONT_IDS),
    shape: z.enum(SHAPES),
  });
type TDesignValues = z.output<ReturnType<typeof designSchema>>;

const toValues = (choice: TThemeChoice): TDesignValues => ({
  primary: choice.palette.primary,
  secondary: choice.palette.secondary,
  neutral: choice.palette.neutral,
  font: choice.font,
  shape: choice.shape,
});
const toChoice = (values: TDesignValues): TThemeChoice => ({
  palette: { primary: values.primary, secondary: values.secondary, neutral: values.neutral },
  font: values.font,
  shape: values.shape,
});

/**
 * /instellingen/design: a centre's palettes, font and shape from the vetted lists
 * (lib/theme: every combination passes WCAG AA contrast), with a live preview; saved with
 * PUT /api/v1/site_settings/:id as the differences from the site's own design.
 */
export function DesignForm(props: Props) {
  const t = useTranslations("settings");
  const query = useQuery(siteSettingsQuery(props.centreId));
  return (
    <QueryGate query={query} failed={t("loadFailed")}>
      {(settings) => (
        <DesignFields
          {...props}
          initial={toValues(withOverrides(props.siteTheme, parseThemeOverrides(settings.theme)))}
        />
      )}
    </QueryGate>
  );
}

function DesignFields({
  centreId,
  siteTheme,
  highContrast,
  fontFamilies,
  initial,
}: Props & { initial: TDesignValues }) {
  const t = useTranslations("settings.design");
  const tAll = useTranslations();
  const tToasts = useTranslations("settings.toasts");
  const router = useRouter();
  const { form, formProps, failure, pending } = useApiForm({
    schema: designSchema,
    defaultValues: initial,
    submit: (chosen) =>
      saveSiteSettingsAndRefresh(centreId, {
        theme: themeOverridesFor(siteTheme, toChoice(chosen)),
      }),
    invalidates: siteSettingsChangeKeys(centreId),
    audited: true,
    success: () => tToasts("saved"),
    onSuccess: () => router.refresh(),
    failureTitle: tToasts("failed"),
  });
  const [confirmReset, setConfirmReset] = useState(false);
  const reset = useResetSiteDesign(centreId, () => form.reset(toValues(siteTheme)));
  const values = form.watch();
  const choice = toChoice({ ...initial, ...values });

  const paletteOptions = (names: readonly TPaletteName[]) =>
    names.map((name) => ({
      value: name,
      label: paletteLabel(tAll, name),
      visual: <Swatch name={name} />,
    }));

  return (
    <>
      <form {...formProps} className="flex flex-col gap-8">
        <FormError title={failure?.title}>{failure?.description}</FormError>
        <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
          <div className="flex flex-col gap-6">
            <ChoiceGroup
              legend={t("primary")}
              hint={t("primaryHint")}
              options={paletteOptions(PRIMARY_PALETTES)}
              registration={form.register("primary")}
            />
            <ChoiceGroup
              legend={t("secondary")}
              hint={t("secondaryHint")}
              options={paletteOptions(SECONDARY_PALETTES)}
              registration={form.register("secondary")}
            />
            <ChoiceGroup
              legend={t("neutral")}
              hint={t("neutralHint")}
              options={paletteOptions(NEUTRAL_PALETTES)}
              registration={form.register("neutral")}
            />
            <ChoiceGroup
              legend={t("font")}
              options={FONT_IDS.map((font) => ({
                value: font,
                label: fontLabel(tAll, font),
                visual: (
                  <span
                    aria-hidden="true"
                    className="w-8 text-xl"
                    style={{ fontFamily: fontFamilies[font] }}
                  >
                    Aa
                  </span>
                ),
              }))}
              registration={form.register("font")}
            />
            <ChoiceGroup
              legend={t("shape")}
              hint={t("shapeHint")}
              columns={3}
              options={SHAPES.map((shape) => ({
                value: shape,
                label: shapeLabel(tAll, shape),
                visual: <ShapeSample shape={shape} />,
              }))}
              registration={form.register("shape")}
            />
          </div>
          <Preview
            choice={choice}
            fontFamily={fontFamilies[choice.font]}
            highContrast={highContrast}
          />
        </div>
        <div className="flex flex-wrap items-center gap-4">
          <SubmitButton pending={pending} pendingLabel={t("saving")}>
            {t("save")}
          </SubmitButton>
          <Button variant="outline" onClick={() => setConfirmReset(true)}>
            {t("reset")}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirmReset}
        title={t("resetTitle")}
        confirmLabel={t("resetConfirm")}
        pending={reset.isPending}
        pendingLabel={t("saving")}
        onConfirm={() => reset.mutate(undefined, { onSettled: () => setConfirmReset(false) })}
        onCancel={() => setConfirmReset(false)}
      >
        <p>{t("resetBody")}</p>
      </ConfirmDialog>
    </>
  );
}

/** Three shades of a palette, beside its name (the name says it; the colours show it). */
function Swatch({ name }: { name: TPaletteName }) {
  const scale = paletteScale(name);
  return (
    <span
      aria-hidden="true"
      className="flex shrink-0 overflow-hidden rounded-sm border border-neutral-400"
    >
      {([300, 500, 700] as const).map((shade) => (
        <span key={shade} className="size-5" style={{ backgroundColor: scale[shade] }} />
      ))}
    </span>
  );
}

function ShapeSample({ shape }: { shape: TShape }) {
  return (
    <span
      aria-hidden="true"
      className="h-6 w-10 shrink-0 border-2 border-neutral-700 bg-neutral-100"
      style={{ borderRadius: SHAPE_RADII[shape].control }}
    />
  );
}

/**
 * The choice drawn on a small sample of the site: heading, text, a link, a field, a notice,
 * a card and buttons. The sample is inert: it shows, it does nothing, and it takes no focus.
 */
function Preview({
  choice,
  fontFamily,
  highContrast,
}: {
  choice: TThemeChoice;
  fontFamily: string;
  highContrast: boolean;
}) {
  const t = useTranslations("settings.design.preview");
  const style = {
    ...themePreviewVariables(choice, fontFamily, highContrast),
    fontFamily,
  } as CSSProperties;
  return (
    <section
      aria-labelledby="design-preview"
      className="flex flex-col gap-2 lg:sticky lg:top-24 lg:self-start"
    >
      <h2 id="design-preview" className="font-bold text-lg">
        {t("title")}
      </h2>
      <div
        inert
        data-testid="design-preview"
        style={style}
        className="flex flex-col gap-4 rounded-shape-lg border-2 border-neutral-300 bg-neutral-50 p-4 text-neutral-900"
      >
        <p className="font-bold text-primary-700 text-xl">{t("siteName")}</p>
        <div className="flex flex-col gap-3 rounded-shape-lg border border-neutral-300 bg-white p-4 shadow-sm">
          <p className="font-semibold">{t("cardTitle")}</p>
          <p className="text-neutral-700 text-sm">
            {t("cardText")} <a href="#design-preview">{t("link")}</a>
          </p>
          <span className="rounded-shape border-2 border-neutral-500 bg-white px-3 py-2 text-neutral-700">
            {t("field")}
          </span>
          <p className="rounded-shape border-2 border-primary-700 bg-primary-50 p-3 text-sm">
            {t("notice")}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <span className="inline-flex items-center rounded-full bg-neutral-800 px-4 py-1.5 font-semibold text-white">
            {t("button")}
          </span>
          <span className="inline-flex items-center rounded-full border-2 border-neutral-700 bg-white px-4 py-1.5 font-semibold text-neutral-900">
            {t("outlineButton")}
          </span>
        </div>
      </div>
    </section>
  );
}
