import { useTranslations } from "next-intl";
import { TableRegion } from "@/components/lists/list-states";
import { contrastRows, formatRatio, swatchRows } from "@/lib/dev-pages/tenant-contrast";
import type { Translator } from "@/lib/i18n/translator";
import type { TTenantConfig } from "@/lib/tenants/tenants";

/** A pairing's use (lib/theme/pairings.ts) in words; one added since shows as written there. */
function pairingUseText(t: Translator, use: string): string {
  const uses: Record<string, string> = {
    text: t("devPages.colors.uses.text"),
    "button text": t("devPages.colors.uses.buttonText"),
    "brand text": t("devPages.colors.uses.brandText"),
    "primary buttons": t("devPages.colors.uses.primaryButtons"),
    links: t("devPages.colors.uses.links"),
    "accent buttons": t("devPages.colors.uses.accentButtons"),
    "error text": t("devPages.colors.uses.errorText"),
    "danger buttons": t("devPages.colors.uses.dangerButtons"),
    "input borders": t("devPages.colors.uses.inputBorders"),
    accents: t("devPages.colors.uses.accents"),
    "underlines and stripes": t("devPages.colors.uses.underlinesAndStripes"),
  };
  return Object.hasOwn(uses, use) ? uses[use] : use;
}

/**
 * One tenant's palette: its scales as swatches, then every foreground/background pairing the
 * components use with its WCAG contrast ratio and whether it meets AA. Pass or fail is
 * written out, never shown by colour alone.
 */
export function TenantColors({ tenant }: { tenant: TTenantConfig }) {
  const t = useTranslations("devPages.colors");
  const root = useTranslations();
  const roleNames = {
    primary: t("roles.primary"),
    secondary: t("roles.secondary"),
    neutral: t("roles.neutral"),
    danger: t("roles.danger"),
  };
  const palette = tenant.theme.palette;
  const rows = contrastRows(palette);
  const failing = rows.filter((row) => !row.passes).length;
  const headingId = `colors-${tenant.slug}`;
  return (
    <section aria-labelledby={headingId} className="mt-10">
      <h2 id={headingId} className="text-2xl font-bold text-neutral-900">
        {tenant.displayName} <span className="text-neutral-700">({tenant.slug})</span>
      </h2>
      <p className="mt-1 text-neutral-800">
        {t("summary", { total: rows.length, failing })}
        {tenant.highContrast ? ` ${t("highContrast")}` : ""}
      </p>
      <ul className="mt-4 flex flex-col gap-2">
        {swatchRows(palette).map((row) => (
          <li key={row.role} className="flex flex-wrap items-center gap-2">
            <span className="w-40 text-neutral-900">
              {roleNames[row.role]}: <code>{row.palette}</code>
            </span>
            {row.shades.map(({ shade, color }) => (
              <span
                key={shade}
                title={`${row.palette}-${shade}`}
                className="size-7 rounded border border-neutral-300"
                style={{ backgroundColor: color }}
              />
            ))}
          </li>
        ))}
      </ul>
      <div className="mt-4">
        <TableRegion label={t("tableLabel", { tenant: tenant.displayName })}>
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">{t("tableLabel", { tenant: tenant.displayName })}</caption>
            <thead className="border-b-2 border-neutral-300 bg-neutral-50">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t("sample")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("foreground")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("background")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("use")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("ratio")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("aa")}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr
                  key={`${row.foreground.name}/${row.background.name}/${row.use}`}
                  className="border-b border-neutral-200"
                >
                  <td className="px-3 py-1">
                    {/* The pairing itself, as a bar on its background: no text, the cells beside it say it. */}
                    <span
                      className="inline-flex h-6 w-12 items-center justify-center rounded border border-neutral-300"
                      style={{ backgroundColor: row.background.color }}
                    >
                      <span
                        className="h-2 w-8 rounded-sm"
                        style={{ backgroundColor: row.foreground.color }}
                      />
                    </span>
                  </td>
                  <td className="px-3 py-1">
                    <code>{row.foreground.name}</code>
                  </td>
                  <td className="px-3 py-1">
                    <code>{row.background.name}</code>
                  </td>
                  <td className="px-3 py-1">{pairingUseText(root, row.use)}</td>
                  <td className="px-3 py-1">
                    {formatRatio(row.ratio)} ({t("minimum", { min: row.min })})
                  </td>
                  <td className="px-3 py-1 font-semibold">{row.passes ? t("pass") : t("fail")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      </div>
    </section>
  );
}
