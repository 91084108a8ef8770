"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { api } from "@/lib/api";
import { isApiError } from "@/lib/api/errors";
import { useApiMutation } from "@/lib/api/use-api-mutation";
import { currentUserQuery } from "@/lib/auth/current-user-query";
import { useAuth } from "@/lib/auth/use-auth";
import { AFTER_SWITCH_PATH, stopImpersonating } from "@/lib/impersonation/impersonation-api";
import { userDisplayName } from "@/lib/users/user-types";

const text = (value: unknown) => (typeof value === "string" ? value : null);

/**
 * The banner itself (rendered only while the session acts for someone else, see
 * impersonation-banner.tsx). In the page's flow above the header, never over the content
 * (WCAG 2.4.11); a named region, so screen readers meet it first and can find it among the
 * landmarks, but not a live region: it would be announced again on every page.
 * "Back to your own account" ends it through the BFF and loads /dashboard afresh.
 */
export function ImpersonationBannerView({ email }: { email: string }) {
  const t = useTranslations();
  const { status } = useAuth();
  // The query AuthProvider runs anyway: the impersonated user, with their name.
  const user = useQuery({ ...currentUserQuery(), enabled: status === "SIGNED_IN" });
  const back = useApiMutation({
    mutationFn: () => stopImpersonating(api),
    // The next page is loaded in full, as oneself: no cached query survives.
    invalidates: [],
    audited: false,
    onSuccess: () => window.location.assign(AFTER_SWITCH_PATH),
    onError: (error) => {
      // 409: this browser no longer acts for anyone (another tab ended it): the page is stale.
      if (isApiError(error) && error.statusCode === 409) {
        window.location.assign(AFTER_SWITCH_PATH);
        return "handled";
      }
      return undefined;
    },
    failure: () => t("impersonation.banner.backFailed"),
  });
  // Signed out in this page (the root layout does not render again on client navigation).
  if (status === "SIGNED_OUT") return null;

  const address = text(user.data?.email) ?? email;
  const name = user.data
    ? userDisplayName({
        firstName: text(user.data.firstName),
        lastName: text(user.data.lastName),
        email: address,
      })
    : null;
  const leaving = back.isPending || back.isSuccess;

  return (
    <section
      aria-label={t("impersonation.banner.label")}
      className="border-amber-600 border-b-4 bg-amber-100 text-neutral-900"
    >
      <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3">
        <p className="font-semibold">
          {name && name !== address
            ? t("impersonation.banner.signedInAs", { name, email: address })
            : t("impersonation.banner.signedInAsAddress", { email: address })}
        </p>
        <Button
          size="sm"
          className="min-h-11"
          aria-disabled={leaving || undefined}
          onClick={() => {
            if (!leaving) back.mutate();
          }}
        >
          {leaving ? t("impersonation.banner.leaving") : t("impersonation.banner.back")}
        </Button>
      </div>
    </section>
  );
}
