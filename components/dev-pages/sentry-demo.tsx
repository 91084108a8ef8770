"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button, ButtonLink } from "@/components/ui/button";

function Thrower(): never {
  // English on purpose: reports are read in monitoring, in one language (docs/errors.md).
  throw new Error("Test error from /test/sentry (thrown while rendering in the browser)");
}

/**
 * Raises an error on each side, to see it reach reporting: in the browser while rendering
 * (the error boundary shows its screen and reports it), and on the server through
 * /test/server-error, which fails while rendering there.
 */
export function SentryDemo() {
  const t = useTranslations("devPages.sentry");
  const [thrown, setThrown] = useState(false);
  return (
    <div className="flex flex-wrap gap-3">
      <Button onClick={() => setThrown(true)}>{t("client")}</Button>
      <ButtonLink
        variant="outline"
        href="/test/server-error?status=500&where=server"
        prefetch={false}
      >
        {t("server")}
      </ButtonLink>
      {thrown ? <Thrower /> : null}
    </div>
  );
}
