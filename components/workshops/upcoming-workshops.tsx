import { useTranslations } from "next-intl";
import { ActivityList } from "@/components/activities/activity-list";
import { SignUpBody } from "@/components/activity-registrations/sign-up-body";
import { offersSignUp, type TActivity } from "@/lib/activities/types";

type Props = { workshops: TActivity[] };

/**
 * The workshops still to come (docs/workshops.md), each with the sign-up of the activity
 * pages (docs/activity-sign-up.md): the caller's place, or the places left and the button.
 * The sign-up shares the page's query client, so "my workshops" follows each change.
 */
export function UpcomingWorkshops({ workshops }: Props) {
  const t = useTranslations("workshops");
  return (
    <section aria-labelledby="workshops-upcoming" className="flex flex-col gap-4">
      <h2 id="workshops-upcoming" className="text-2xl font-bold">
        {t("upcoming")}
      </h2>
      {workshops.length === 0 ? (
        <p>{t("upcomingEmpty")}</p>
      ) : (
        <ActivityList
          activities={workshops}
          headingLevel={3}
          hrefFor={(workshop) => `/activiteiten/${workshop.id}`}
          after={(workshop) => <WorkshopSignUp workshop={workshop} />}
        />
      )}
    </section>
  );
}

function WorkshopSignUp({ workshop }: { workshop: TActivity }) {
  const t = useTranslations("workshops");
  if (offersSignUp(workshop)) {
    return (
      <div className="mt-3 flex flex-col gap-2" data-testid="workshop-sign-up">
        <SignUpBody activityId={workshop.id} />
      </div>
    );
  }
  // Signing up happens elsewhere (a form, a mail address); a cancelled one has its badge.
  if (workshop.registrationUrl && workshop.status === "published") {
    return (
      <p className="mt-3">
        <a href={workshop.registrationUrl} rel="noopener" className="inline-block py-2">
          {t("signUpElsewhere", { title: workshop.title })}
        </a>
      </p>
    );
  }
  return null;
}
