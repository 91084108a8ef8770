"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { FormError } from "@/components/ui/form-error";
import { Notice } from "@/components/ui/notice";
import { SubmitButton } from "@/components/ui/submit-button";
import { ApiError, api } from "@/lib/api";
import { useApiMutation } from "@/lib/api/use-api-mutation";
import { unsubscribePeriodicMail } from "@/lib/matches/matches-api";
import { profileKeys } from "@/lib/profile/profile-keys";

/**
 * /periodieke-mail/afmelden (docs/matching.md): the link in the periodic mail's footer. The
 * page only asks; the button posts, so a link scanner that opens the link unsubscribes
 * nobody. No session is needed: the token is the proof.
 */
export function UnsubscribeForm({ token }: { token: string }) {
  const t = useTranslations("matches.unsubscribe");
  // The failure is said above the button, not in a toast: the page is about this one thing.
  const unsubscribe = useApiMutation({
    mutationFn: () => unsubscribePeriodicMail(api, token),
    invalidates: [profileKeys.own()],
    audited: false,
  });

  if (unsubscribe.isSuccess) {
    return (
      <div className="flex flex-col gap-4">
        <Notice>{t("done")}</Notice>
        <p>
          {t("again")}{" "}
          <Link href="/profile-edit/periodieke-mail" className="inline-block py-1 underline">
            {t("settingsLink")}
          </Link>
        </p>
      </div>
    );
  }
  const error = unsubscribe.error;
  const invalid = error instanceof ApiError && error.statusCode === 404;
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        unsubscribe.mutate();
      }}
    >
      <FormError title={error ? (invalid ? t("invalid") : t("failed")) : undefined} />
      <p>{t("intro")}</p>
      <div>
        <SubmitButton pending={unsubscribe.isPending} pendingLabel={t("pending")}>
          {t("submit")}
        </SubmitButton>
      </div>
    </form>
  );
}
