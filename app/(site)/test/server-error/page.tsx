import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { withInterruptScreens } from "@/components/errors/interrupt-page";
import { PageTitle } from "@/components/ui/page-title";
import { requireDevPages } from "@/lib/dev-pages/require-dev-pages";
import { throwHttpInterrupt } from "@/lib/errors/http-interrupts";
import {
  apiErrorForCase,
  parseTestErrorCase,
  parseTestErrorPlace,
  TEST_ERROR_CASES,
  TEST_ERROR_PLACES,
  type TTestErrorCase,
} from "@/lib/errors/test-error-cases";
import type { Translator } from "@/lib/i18n/translator";
import { ThrowInBrowser } from "./page-client";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("errors.testPage");
  return { title: t("title") };
}

type TSearchParams = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The link text of a case: the title of the screen it leads to, with its status. */
function caseLabel(t: Translator, testCase: TTestErrorCase): string {
  switch (testCase) {
    case "401":
      return t("errors.testPage.caseLabel", { title: t("errors.unauthorized.title"), status: 401 });
    case "403":
      return t("errors.testPage.caseLabel", { title: t("errors.forbidden.title"), status: 403 });
    case "404":
      return t("errors.testPage.caseLabel", { title: t("errors.notFound.title"), status: 404 });
    case "500":
      return t("errors.testPage.caseLabel", { title: t("errors.generic.title"), status: 500 });
    case "wrong-center":
      return t("errors.wrongCenter.title");
  }
}

/**
 * /test/server-error (spec §2 developer page; who may open it: docs/dev-pages.md):
 * `?status=401|403|404|500|wrong-center&where=server|client` raises that error on the server
 * while rendering (through throwHttpInterrupt: 401/403/404 become Next's interrupts with
 * their HTTP status) or in the browser in a component, so every error screen of spec §8 can
 * be seen and tested (e2e/error-screens.spec.ts). Without a status: links to every case.
 */
export default withInterruptScreens(async function ServerErrorTestPage({
  searchParams,
}: {
  searchParams: Promise<TSearchParams>;
}) {
  await requireDevPages();
  const params = await searchParams;
  const testCase = parseTestErrorCase(first(params.status));
  if (testCase) {
    if (parseTestErrorPlace(first(params.where)) === "server") {
      throwHttpInterrupt(apiErrorForCase(testCase));
    }
    return <ThrowInBrowser testCase={testCase} />;
  }

  const t = await getTranslations();
  return (
    <div className="mx-auto w-full max-w-3xl">
      <PageTitle description={t("errors.testPage.intro")}>{t("errors.testPage.title")}</PageTitle>
      {TEST_ERROR_PLACES.map((where) => {
        const headingId = `test-errors-${where}`;
        return (
          <section key={where} aria-labelledby={headingId} className="mt-8">
            <h2 id={headingId} className="text-2xl font-bold text-neutral-900">
              {where === "server" ? t("errors.testPage.server") : t("errors.testPage.client")}
            </h2>
            <ul aria-labelledby={headingId} className="mt-3 list-disc space-y-2 pl-6">
              {TEST_ERROR_CASES.map((testCase) => (
                <li key={testCase}>
                  <Link href={`/test/server-error?status=${testCase}&where=${where}`}>
                    {caseLabel(t, testCase)}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
});
