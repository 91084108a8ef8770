import { getLocale, getMessages, getTimeZone, getTranslations } from "next-intl/server";
import { offersSignUp, type TActivity } from "@/lib/activities/types";
import { signUpMessages } from "@/lib/activity-registrations/sign-up-messages";
import type { AppLocale } from "@/lib/i18n/config";
import { signInPath } from "@/lib/navigation/sign-in-path";
import { SignUpIsland } from "./sign-up-island";

/** The section's anchor: the sign-in link comes back to it. */
export const SIGN_UP_ANCHOR = "aanmelden";

type Props = {
  activity: TActivity;
  /** This page's path, to come back to after signing in. */
  path: string;
};

/**
 * "Aanmelden" on an activity's page (docs/activity-sign-up.md). Nothing where signing up
 * has no place here: a cancelled activity (the page says it is off) or one with a
 * registration_url (the page links there). What is rendered is the same for every visitor,
 * so the page stays cacheable; the island finds out who is looking.
 */
export async function SignUpSection({ activity, path }: Props) {
  if (!offersSignUp(activity)) return null;
  const t = await getTranslations("activitySignUp");
  const returnTo = `${path}#${SIGN_UP_ANCHOR}`;
  return (
    <section
      id={SIGN_UP_ANCHOR}
      aria-labelledby="activity-sign-up"
      className="mb-8 flex flex-col gap-3"
    >
      <h2 id="activity-sign-up" className="text-xl font-bold">
        {t("heading")}
      </h2>
      <SignUpIsland
        activityId={activity.id}
        // An api from before sign-up sends no flag: the panel's fresh read decides then.
        open={activity.registrationOpen !== false}
        signInHref={signInPath(returnTo)}
        signUpHref={`/signup?${new URLSearchParams({ redirect: returnTo })}`}
        texts={{
          signIn: t("signIn"),
          signInHint: t("signInHint"),
          signUp: t("signUp"),
          loading: t("loading"),
          closed: t("panel.closed"),
        }}
        locale={(await getLocale()) as AppLocale}
        timeZone={await getTimeZone()}
        messages={signUpMessages(await getMessages())}
      />
    </section>
  );
}
