import Link from "next/link";
import { useTranslations } from "next-intl";
import { RichText } from "@/components/content/rich-text";
import { Breadcrumb } from "@/components/public/breadcrumb";
import { PageTitle } from "@/components/ui/page-title";
import type { TActivity, TDeskWelcome } from "@/lib/activities/types";
import { ActivityList } from "./activity-list";

type Props = {
  desk: TDeskWelcome;
  origin: string;
  /** The desk's upcoming activities, or null where the tenant has no activities (meedoen). */
  activities: TActivity[] | null;
};

/** /:balie/welkom: the desk's welcome text, address and contact, and what is coming up. */
export function DeskWelcome({ desk, origin, activities }: Props) {
  const t = useTranslations("deskPages");
  const address = desk.address;
  const town = address ? [address.postalCode, address.city].filter(Boolean).join(" ") : "";
  const street = address ? [address.street, address.houseNumber].filter(Boolean).join(" ") : "";
  return (
    <>
      <Breadcrumb
        items={[{ label: t("home"), href: "/" }, { label: desk.azcName }]}
        origin={origin}
      />
      <PageTitle>{desk.welcomeTitle || t("welcomeFallback", { name: desk.azcName })}</PageTitle>
      <div className="grid gap-8 lg:grid-cols-[2fr_1fr]">
        <div>
          <RichText html={desk.welcomeBody} className="mb-8" />
          {activities ? (
            <section aria-labelledby="desk-upcoming">
              <h2 id="desk-upcoming" className="mb-4 text-2xl font-semibold">
                {t("upcoming")}
              </h2>
              {activities.length === 0 ? (
                <p>{t("noUpcoming")}</p>
              ) : (
                <ActivityList
                  activities={activities}
                  hrefFor={(a) => `/${desk.slug}/activiteiten/${a.id}`}
                  headingLevel={3}
                />
              )}
              <p className="mt-4">
                <Link href={`/${desk.slug}/activiteiten`} className="inline-block py-2">
                  {t("allActivities")}
                </Link>
              </p>
            </section>
          ) : null}
        </div>
        <aside
          aria-labelledby="desk-contact"
          className="self-start rounded-shape border-2 border-neutral-200 bg-white p-4"
        >
          <h2 id="desk-contact" className="mb-2 text-xl font-semibold">
            {t("contact")}
          </h2>
          {street || town ? (
            <address className="not-italic">
              <span className="block font-semibold">{t("address")}</span>
              {street ? <span className="block">{street}</span> : null}
              {town ? <span className="block">{town}</span> : null}
            </address>
          ) : null}
          {desk.email ? (
            <p className="mt-2">
              <span className="block font-semibold">{t("email")}</span>
              <a href={`mailto:${desk.email}`}>{desk.email}</a>
            </p>
          ) : null}
          {desk.phone ? (
            <p className="mt-2">
              <span className="block font-semibold">{t("phone")}</span>
              <a href={`tel:${desk.phone.replace(/\s+/g, "")}`}>{desk.phone}</a>
            </p>
          ) : null}
        </aside>
      </div>
    </>
  );
}
