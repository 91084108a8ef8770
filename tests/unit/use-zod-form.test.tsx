import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { useZodForm } from "@/lib/forms/use-zod-form";
import { timeZone } from "@/lib/i18n/config";
import { loadMessages } from "@/lib/i18n/load-messages";

// A rule without a message of its own.
const codeSchema = () => z.object({ code: z.string().regex(/^\d{4}$/) });

function CodeForm({ label }: { label?: string }) {
  const form = useZodForm(codeSchema, {
    defaultValues: { code: "" },
    fieldLabels: label ? { code: label } : undefined,
  });
  const error = form.formState.errors.code?.message;
  return (
    <form>
      <input aria-label="code" {...form.register("code")} />
      {error ? <p>{error}</p> : null}
    </form>
  );
}

async function renderIn(locale: "nl" | "en", label?: string) {
  render(
    <NextIntlClientProvider
      locale={locale}
      messages={await loadMessages(locale)}
      timeZone={timeZone}
    >
      <CodeForm label={label} />
    </NextIntlClientProvider>,
  );
  const input = screen.getByLabelText("code");
  fireEvent.change(input, { target: { value: "12a" } });
  fireEvent.blur(input);
}

afterEach(cleanup);

describe("useZodForm default message (spec §5: '{field} is not valid.')", () => {
  it("names the field by its label in the active locale", async () => {
    await renderIn("en", "Postcode");
    expect(await screen.findByText("Postcode is not valid.")).toBeTruthy();
  });

  it("is Dutch in the Dutch locale", async () => {
    await renderIn("nl", "Postcode");
    expect(await screen.findByText("Postcode is niet geldig.")).toBeTruthy();
  });

  it("falls back to the field name without a label", async () => {
    await renderIn("en");
    expect(await screen.findByText("code is not valid.")).toBeTruthy();
  });
});
