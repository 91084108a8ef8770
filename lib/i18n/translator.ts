import type { useTranslations } from "next-intl";

/**
 * The root translator (`useTranslations()` without a namespace): keys are full paths
 * such as "validation.required". Functions that take one name their parameter
 * `t: Translator`; tests/unit/messages.test.ts reads that to find the keys they use.
 */
export type Translator = ReturnType<typeof useTranslations<never>>;
