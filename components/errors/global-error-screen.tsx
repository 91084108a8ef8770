import { buttonClassName } from "@/components/ui/button-class";
import { GLOBAL_ERROR_TEXTS } from "./global-error-texts";

/**
 * The last-resort screen (app/global-error.tsx): the root layout itself failed, so there is
 * no locale, tenant or header. It says the generic text of spec §8 in Dutch (the default
 * language) and in English, and links home with a full page load, which starts the app anew.
 */
export function GlobalErrorScreen() {
  const { nl, en } = GLOBAL_ERROR_TEXTS;
  return (
    <main className="mx-auto w-full max-w-2xl flex-1 px-4 py-12 text-center">
      <h1 className="text-3xl font-bold text-neutral-900">{nl.title}</h1>
      <p className="mt-4 text-lg text-neutral-700">{nl.description}</p>
      <div lang="en" className="mt-8 border-t border-neutral-300 pt-8">
        <h2 className="text-2xl font-bold text-neutral-900">{en.title}</h2>
        <p className="mt-4 text-lg text-neutral-700">{en.description}</p>
      </div>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {/* A plain link: a full page load, not the client router of the app that failed. */}
        <a href="/" className={buttonClassName()}>
          {nl.backHome}
        </a>
        <a href="/" lang="en" className={buttonClassName({ variant: "outline" })}>
          {en.backHome}
        </a>
      </div>
    </main>
  );
}
