import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { ButtonLink } from "@/components/ui/button";
import type { ErrorKind } from "@/lib/errors/error-kind";
import { errorTexts } from "./error-texts";

type Props = { kind: ErrorKind; code?: number | string; children?: ReactNode };

/** spec §2: error screen with title, subtitle and a 'Back to home' button to the root path. */
export function ErrorScreen({ kind, code, children }: Props) {
  const t = useTranslations();
  const { title, description } = errorTexts(t, kind, code);
  return (
    <section className="mx-auto max-w-2xl py-12 text-center">
      <h1 className="text-3xl font-bold text-neutral-900">{title}</h1>
      <p className="mt-4 text-lg text-neutral-700">{description}</p>
      {children}
      <div className="mt-8">
        <ButtonLink href="/">{t("errors.backHome")}</ButtonLink>
      </div>
    </section>
  );
}
