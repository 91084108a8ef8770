import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { RichText } from "@/components/content/rich-text";
import { Breadcrumb, type TCrumb } from "@/components/public/breadcrumb";
import { JsonLd } from "@/components/seo/json-ld";
import { buttonClassName } from "@/components/ui/button";
import { PageTitle } from "@/components/ui/page-title";
import { eventJsonLd } from "@/lib/activities/json-ld";
import { isWorkshop, placeLine, type TActivity } from "@/lib/activities/types";
import { ActivityWhen } from "./activity-when";
import { CancelledBadge } from "./cancelled-badge";
import { WorkshopBadge } from "./workshop-badge";

type Props = {
  activity: TActivity;
  crumbs: TCrumb[];
  origin: string;
  /** This page's absolute URL (JSON-LD). */
  pageUrl: string;
  /** The one-activity .ics download. */
  icsHref: string;
  siteName: string;
  /** The sign-up section (components/activity-registrations/sign-up-section.tsx), if any. */
  signUp?: ReactNode;
};

/** An activity's page: when and where, description, sign-up, add to calendar, Event JSON-LD. */
export function ActivityDetails({
  activity,
  crumbs,
  origin,
  pageUrl,
  icsHref,
  siteName,
  signUp,
}: Props) {
  const t = useTranslations("activities");
  const cancelled = activity.status === "cancelled";
  const address = placeLine(activity);
  return (
    <article>
      <Breadcrumb items={crumbs} origin={origin} />
      <PageTitle description={activity.summary}>{activity.title}</PageTitle>
      {cancelled ? (
        <p className="mb-6 flex flex-wrap items-center gap-2 rounded-shape border-2 border-red-800 bg-red-50 p-4 text-red-900">
          <CancelledBadge />
          <span>{t("cancelledNotice")}</span>
        </p>
      ) : null}
      <dl className="mb-6 grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        {isWorkshop(activity) ? (
          <>
            <dt className="font-semibold">{t("kindLabel")}</dt>
            <dd className="flex flex-wrap items-center gap-2">
              <WorkshopBadge />
              <span>{t("workshopNote")}</span>
            </dd>
          </>
        ) : null}
        <dt className="font-semibold">{t("when")}</dt>
        <dd>
          <ActivityWhen activity={activity} />
        </dd>
        <dt className="font-semibold">{t("where")}</dt>
        <dd>
          {activity.online ? (
            t("online")
          ) : (
            <>
              {activity.locationName ? (
                <span className="block">{activity.locationName}</span>
              ) : null}
              {address ? <span className="block">{address}</span> : null}
            </>
          )}
        </dd>
        {activity.organization ? (
          <>
            <dt className="font-semibold">{t("organiserLabel")}</dt>
            <dd>
              {activity.organization.website ? (
                <a href={activity.organization.website} rel="noopener">
                  {activity.organization.name}
                </a>
              ) : (
                activity.organization.name
              )}
            </dd>
          </>
        ) : null}
        {activity.capacity ? (
          <>
            <dt className="font-semibold">{t("capacityLabel")}</dt>
            <dd>{t("capacity", { count: activity.capacity })}</dd>
          </>
        ) : null}
      </dl>
      <RichText html={activity.description} className="mb-8" />
      {signUp}
      <div className="flex flex-wrap gap-3">
        {activity.registrationUrl && !cancelled ? (
          <a href={activity.registrationUrl} rel="noopener" className={buttonClassName()}>
            {t("register")}
          </a>
        ) : null}
        <a href={icsHref} download className={buttonClassName({ variant: "outline" })}>
          {t("addToCalendar")}
        </a>
      </div>
      <JsonLd data={eventJsonLd(activity, pageUrl, siteName)} />
    </article>
  );
}
