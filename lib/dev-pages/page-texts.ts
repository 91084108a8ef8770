import type { Translator } from "@/lib/i18n/translator";
import type { TDevPageKey } from "./pages";

/** Each developer page's title and one line on what it is for (literal keys: messages.test sees them). */
export function devPageTexts(
  t: Translator,
): Record<TDevPageKey | "dev", { title: string; line: string }> {
  return {
    dev: { title: t("devPages.pages.dev.title"), line: t("devPages.pages.dev.line") },
    devForm: { title: t("devPages.pages.devForm.title"), line: t("devPages.pages.devForm.line") },
    devModal: {
      title: t("devPages.pages.devModal.title"),
      line: t("devPages.pages.devModal.line"),
    },
    devColors: {
      title: t("devPages.pages.devColors.title"),
      line: t("devPages.pages.devColors.line"),
    },
    devComponents: {
      title: t("devPages.pages.devComponents.title"),
      line: t("devPages.pages.devComponents.line"),
    },
    devMail: { title: t("devPages.pages.devMail.title"), line: t("devPages.pages.devMail.line") },
    testApi: { title: t("devPages.pages.testApi.title"), line: t("devPages.pages.testApi.line") },
    testDollarApi: {
      title: t("devPages.pages.testDollarApi.title"),
      line: t("devPages.pages.testDollarApi.line"),
    },
    testAuth: {
      title: t("devPages.pages.testAuth.title"),
      line: t("devPages.pages.testAuth.line"),
    },
    testUser: {
      title: t("devPages.pages.testUser.title"),
      line: t("devPages.pages.testUser.line"),
    },
    testUserStore: {
      title: t("devPages.pages.testUserStore.title"),
      line: t("devPages.pages.testUserStore.line"),
    },
    testDupe: {
      title: t("devPages.pages.testDupe.title"),
      line: t("devPages.pages.testDupe.line"),
    },
    testForm: {
      title: t("devPages.pages.testForm.title"),
      line: t("devPages.pages.testForm.line"),
    },
    testStepForm: {
      title: t("devPages.pages.testStepForm.title"),
      line: t("devPages.pages.testStepForm.line"),
    },
    testStepForm2: {
      title: t("devPages.pages.testStepForm2.title"),
      line: t("devPages.pages.testStepForm2.line"),
    },
    testColors: {
      title: t("devPages.pages.testColors.title"),
      line: t("devPages.pages.testColors.line"),
    },
    testDatepicker: {
      title: t("devPages.pages.testDatepicker.title"),
      line: t("devPages.pages.testDatepicker.line"),
    },
    testTiptap: {
      title: t("devPages.pages.testTiptap.title"),
      line: t("devPages.pages.testTiptap.line"),
    },
    testToaster: {
      title: t("devPages.pages.testToaster.title"),
      line: t("devPages.pages.testToaster.line"),
    },
    testSentry: {
      title: t("devPages.pages.testSentry.title"),
      line: t("devPages.pages.testSentry.line"),
    },
    testServerError: {
      title: t("devPages.pages.testServerError.title"),
      line: t("devPages.pages.testServerError.line"),
    },
    testFormbuilder: {
      title: t("devPages.pages.testFormbuilder.title"),
      line: t("devPages.pages.testFormbuilder.line"),
    },
  };
}
