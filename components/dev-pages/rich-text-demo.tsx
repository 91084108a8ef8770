"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { RichTextField } from "@/components/rich-text/rich-text-field";

/** The product's rich-text editor (vacancies, news) and the HTML it writes, as it writes it. */
export function RichTextDemo() {
  const t = useTranslations("devPages.tiptap");
  const [html, setHtml] = useState("");
  return (
    <div className="flex flex-col gap-6">
      <RichTextField label={t("label")} hint={t("hint")} value={html} onChange={setHtml} />
      <section aria-labelledby="tiptap-output">
        <h2 id="tiptap-output" className="text-xl font-bold text-neutral-900">
          {t("output")}
        </h2>
        <pre className="mt-2 overflow-x-auto rounded-shape border-2 border-neutral-300 bg-neutral-50 p-3 text-sm whitespace-pre-wrap text-neutral-900">
          {html || t("empty")}
        </pre>
      </section>
    </div>
  );
}
