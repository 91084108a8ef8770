import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { withInterruptMetadata, withInterruptScreens } from "@/components/errors/interrupt-page";
import { PublicForm } from "@/components/forms/public-form";
import { Card } from "@/components/ui/card";
import { isSignedIn } from "@/lib/auth/auth-headers";
import { getSession } from "@/lib/auth/get-session";
import { signInPath } from "@/lib/navigation/sign-in-path";
import { loadPublicForm } from "@/lib/public-forms/load-public-form";

type Props = { params: Promise<{ token: string }> };

/** Forms are reached by their link, never found by a search engine. */
export const generateMetadata = withInterruptMetadata(
  async ({ params }: Props): Promise<Metadata> => {
    const form = await loadPublicForm((await params).token);
    const t = await getTranslations("errors.notFound");
    return { title: form?.title ?? t("title"), robots: { index: false, follow: false } };
  },
);

/**
 * spec §2 '/forms/:token' (public, empty layout): a published form in the visitor's
 * language (docs/forms.md). A draft, another site's or an unknown token is the 404 screen;
 * a closed form says so; a form that asks for sign-in sends a signed-out visitor to the
 * sign-in page and back. /forms without a token has no page: the 404 screen too.
 */
export default withInterruptScreens(async function FormPage({ params }: Props) {
  const { token } = await params;
  const form = await loadPublicForm(token);
  if (!form) notFound();
  if (form.requiresSignIn && !isSignedIn(await getSession())) {
    redirect(signInPath(`/forms/${encodeURIComponent(token)}`));
  }
  const t = await getTranslations("forms.public");
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-10 sm:py-16">
      <Card>
        <h1 className="text-3xl font-bold text-neutral-900">{form.title}</h1>
        <div className="mt-6">
          {form.status === "closed" ? (
            <p className="rounded-shape border-2 border-neutral-700 bg-neutral-50 p-4 text-neutral-900">
              {t("closed")}
            </p>
          ) : (
            <PublicForm form={form} />
          )}
        </div>
      </Card>
    </div>
  );
});
