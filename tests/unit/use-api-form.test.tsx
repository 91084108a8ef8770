import { QueryClient, QueryClientProvider, type QueryKey } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ToastProvider } from "@/components/toasts/toast-provider";
import { FormError } from "@/components/ui/form-error";
import { ApiError, type ApiErrorObject } from "@/lib/api/errors";
import { auditKeys, organizationKeys, userKeys } from "@/lib/api/query-keys";
import { errorMessages, leafPaths, useApiForm } from "@/lib/forms/use-api-form";
import { timeZone } from "@/lib/i18n/config";
import { loadMessages } from "@/lib/i18n/load-messages";
import type { Translator } from "@/lib/i18n/translator";
import { createToastStore } from "@/lib/toasts/toast-store";

let messages: Awaited<ReturnType<typeof loadMessages>>;
beforeAll(async () => {
  messages = await loadMessages("en");
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const schema = (t: Translator) =>
  z.object({
    name: z
      .string()
      .trim()
      .min(1, t("validation.required", { field: "Name" })),
    address: z.object({ postalCode: z.string(), city: z.string() }),
    links: z.array(z.object({ url: z.string() })),
  });
type TValues = z.input<ReturnType<typeof schema>>;
const EMPTY: TValues = { name: "", address: { postalCode: "", city: "" }, links: [{ url: "" }] };

function refusal(statusCode: number, errors: ApiErrorObject[] = []) {
  return new ApiError({ statusCode, errors });
}
const pointer = (path: string, code = "invalid"): ApiErrorObject => ({
  status: "422",
  source: { pointer: path },
  code,
  detail: "English details for developers",
});

type THarness = {
  submit: (values: TValues) => Promise<{ name: string }>;
  invalidates?: readonly QueryKey[] | ((result: { name: string }) => readonly QueryKey[]);
  audited?: boolean;
  onSuccess?: () => void;
};

function Form({ submit, invalidates = [], audited, onSuccess }: THarness) {
  const { form, formProps, failure, message, pending } = useApiForm({
    schema,
    defaultValues: EMPTY,
    fieldLabels: { name: "Name", "address.postalCode": "Postal code" },
    submit,
    invalidates,
    audited,
    success: (result) => `Saved ${result.name}`,
    onSuccess,
    failureTitle: "Saving failed",
  });
  return (
    <form aria-label="harness" {...formProps}>
      <FormError title={failure?.title}>{failure?.description}</FormError>
      <label>
        Name
        <input {...form.register("name")} />
      </label>
      <p data-testid="name-message">{message("name") ?? ""}</p>
      <label>
        Postal code
        <input {...form.register("address.postalCode")} />
      </label>
      <p data-testid="postal-message">{message("address.postalCode") ?? ""}</p>
      <p data-testid="url-message">{message("links.0.url") ?? ""}</p>
      <button type="submit" disabled={pending}>
        Save
      </button>
    </form>
  );
}

function renderForm(props: THarness, queryClient = new QueryClient()) {
  const wrap = (children: ReactNode) => (
    <NextIntlClientProvider locale="en" messages={messages} timeZone={timeZone}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider store={createToastStore()}>{children}</ToastProvider>
      </QueryClientProvider>
    </NextIntlClientProvider>
  );
  render(wrap(<Form {...props} />));
  return queryClient;
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole("button", { name: "Save" }));
const alertText = () =>
  screen
    .getAllByRole("alert")
    .map((node) => node.textContent)
    .join(" ");

describe("useApiForm: a 422's pointers on the fields", () => {
  it("puts a nested pointer on its field, focuses the first, keeps what was typed", async () => {
    const submit = vi.fn(async () => {
      throw refusal(422, [
        pointer("/data/attributes/address/postal_code"),
        pointer("/data/attributes/links/0/url", "blank"),
      ]);
    });
    renderForm({ submit });
    fill("Name", "Buurtkracht");
    fill("Postal code", "12");
    save();
    await waitFor(() =>
      expect(screen.getByTestId("postal-message").textContent).toBe(
        messages.signup.problems.postalCode,
      ),
    );
    expect(screen.getByTestId("url-message").textContent).toBe("links.0.url is required.");
    expect(document.activeElement).toBe(screen.getByLabelText("Postal code"));
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("Buurtkracht");
    // Every problem is on a field: the form-level message says to look at them.
    expect(alertText()).toContain(messages.validation.checkFields);
    expect(submit).toHaveBeenCalledWith(
      { name: "Buurtkracht", address: { postalCode: "12", city: "" }, links: [{ url: "" }] },
      expect.anything(),
    );
  });

  it("shows what no field can show as a form-level message, in the active language", async () => {
    renderForm({
      submit: async () => {
        throw refusal(422, [
          pointer("/data/attributes/name", "taken"),
          pointer("/data/attributes/no_such_field"),
          { status: "422", detail: "Base error without a pointer" },
        ]);
      },
    });
    fill("Name", "Buurtkracht");
    save();
    await waitFor(() => expect(alertText()).toContain("Saving failed"));
    expect(alertText()).toContain(messages.mutations.invalid);
    expect(alertText()).not.toContain("Base error without a pointer");
    expect(screen.getByTestId("name-message").textContent).toBe(messages.signup.problems.taken);
  });

  it("says why any other refusal happened, localized, and touches no field", async () => {
    renderForm({
      submit: async () => {
        throw refusal(403);
      },
    });
    fill("Name", "Buurtkracht");
    save();
    await waitFor(() => expect(alertText()).toContain(messages.mutations.forbidden));
    expect(alertText()).toContain("Saving failed");
    expect(screen.getByTestId("name-message").textContent).toBe("");
  });

  it("sends nothing while the form's own rules fail", async () => {
    const submit = vi.fn(async () => ({ name: "x" }));
    renderForm({ submit });
    save();
    await waitFor(() =>
      expect(screen.getByTestId("name-message").textContent).toBe("Name is required."),
    );
    expect(submit).not.toHaveBeenCalled();
  });
});

describe("useApiForm: after a save", () => {
  it("toasts success and invalidates exactly the keys named (and the audit log when audited)", async () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    const onSuccess = vi.fn();
    renderForm(
      {
        submit: async (values) => ({ name: values.name.trim() }),
        invalidates: [organizationKeys.detail("7"), organizationKeys.lists()],
        audited: true,
        onSuccess,
      },
      queryClient,
    );
    fill("Name", "Buurtkracht");
    save();
    await waitFor(() => expect(screen.getByText("Saved Buurtkracht")).toBeTruthy());
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    expect(keys).toEqual([
      organizationKeys.detail("7"),
      organizationKeys.lists(),
      auditKeys.lists(),
    ]);
    expect(keys).not.toContainEqual(organizationKeys.all);
    expect(keys).not.toContainEqual(organizationKeys.detail("8"));
    expect(keys).not.toContainEqual(userKeys.all);
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });

  it("leaves cached queries it was not told about untouched", async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(organizationKeys.detail("7"), { name: "old" });
    queryClient.setQueryData(organizationKeys.detail("8"), { name: "other" });
    queryClient.setQueryData(auditKeys.list({}), []);
    renderForm(
      {
        submit: async () => ({ name: "new" }),
        invalidates: (result) => (result.name ? [organizationKeys.detail("7")] : []),
        audited: false,
      },
      queryClient,
    );
    fill("Name", "new");
    save();
    await waitFor(() =>
      expect(queryClient.getQueryState(organizationKeys.detail("7"))?.isInvalidated).toBe(true),
    );
    expect(queryClient.getQueryState(organizationKeys.detail("8"))?.isInvalidated).toBe(false);
    expect(queryClient.getQueryState(auditKeys.list({}))?.isInvalidated).toBe(false);
  });

  it("toasts nothing and invalidates nothing when the save fails", async () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    renderForm(
      {
        submit: async () => {
          throw refusal(500);
        },
        invalidates: [organizationKeys.lists()],
      },
      queryClient,
    );
    fill("Name", "x");
    save();
    await waitFor(() => expect(alertText()).toContain("500"));
    expect(invalidate).not.toHaveBeenCalled();
    expect(screen.queryByText(/^Saved/)).toBeNull();
  });
});

describe("useApiForm: messages hold still while the pointer is pressed", () => {
  it("keeps the message shown at pointerdown until the click is done", async () => {
    renderForm({ submit: async () => ({ name: "x" }) });
    const name = screen.getByLabelText("Name");
    fireEvent.blur(name);
    await waitFor(() =>
      expect(screen.getByTestId("name-message").textContent).toBe("Name is required."),
    );
    fill("Name", "Buurtkracht");
    vi.useFakeTimers();
    // Pressing the button blurs the field, which validates it: the message would go now.
    fireEvent.pointerDown(screen.getByRole("button", { name: "Save" }));
    await act(async () => {
      fireEvent.blur(name);
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByTestId("name-message").textContent).toBe("Name is required.");
    fireEvent.pointerUp(window);
    await act(async () => {
      await vi.runAllTimersAsync();
    });
    expect(screen.getByTestId("name-message").textContent).toBe("");
  });
});

describe("useApiForm's helpers", () => {
  it("lists the leaf paths of a form's values, arrays included", () => {
    expect(leafPaths(EMPTY)).toEqual(["name", "address.postalCode", "address.city", "links.0.url"]);
  });

  it("reads the messages of nested errors by dot path", () => {
    expect(
      errorMessages({
        name: { type: "server", message: "Taken" },
        address: { postalCode: { type: "custom", message: "Bad" } },
        links: [{ url: { type: "custom", message: "Bad url" } }],
      } as never),
    ).toEqual({ name: "Taken", "address.postalCode": "Bad", "links.0.url": "Bad url" });
  });
});

/** A choose-then-confirm form: submitting asks, "Yes" writes (the move page's way). */
function ConfirmForm({
  submit,
  onSuccess,
}: {
  submit: (values: TValues) => Promise<{ name: string }>;
  onSuccess?: () => void;
}) {
  const { form, formProps, failure, confirmation, message, pending } = useApiForm({
    schema,
    defaultValues: EMPTY,
    submit,
    invalidates: [organizationKeys.lists()],
    success: (result) => `Moved ${result.name}`,
    failureTitle: (values) => `${values.name} could not be moved`,
    confirmFirst: true,
    onSuccess,
  });
  return (
    <>
      <form aria-label="harness" {...formProps}>
        <FormError title={failure?.title}>{failure?.description}</FormError>
        <label>
          Name
          <input {...form.register("name")} />
        </label>
        <p data-testid="name-message">{message("name") ?? ""}</p>
        <button type="submit">Save</button>
      </form>
      {confirmation.values ? (
        <div role="dialog" aria-label={`Move ${confirmation.values.name}?`}>
          <button type="button" disabled={pending} onClick={() => void confirmation.confirm()}>
            Yes
          </button>
          <button type="button" onClick={confirmation.cancel}>
            No
          </button>
        </div>
      ) : null}
    </>
  );
}

function renderConfirmForm(
  props: Parameters<typeof ConfirmForm>[0],
  queryClient = new QueryClient(),
) {
  render(
    <NextIntlClientProvider locale="en" messages={messages} timeZone={timeZone}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider store={createToastStore()}>
          <ConfirmForm {...props} />
        </ToastProvider>
      </QueryClientProvider>
    </NextIntlClientProvider>,
  );
  return queryClient;
}

describe("useApiForm: confirm first", () => {
  it("asks before the write: submitting validates and holds the values, only yes sends them", async () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    const submit = vi.fn(async (values: TValues) => ({ name: values.name }));
    const onSuccess = vi.fn();
    renderConfirmForm({ submit, onSuccess }, queryClient);

    // The form's own rules first: no question while they fail.
    save();
    await waitFor(() =>
      expect(screen.getByTestId("name-message").textContent).toBe("Name is required."),
    );
    expect(screen.queryByRole("dialog")).toBeNull();

    fill("Name", "Buurtbus");
    save();
    const dialog = await screen.findByRole("dialog", { name: "Move Buurtbus?" });
    expect(submit).not.toHaveBeenCalled();
    // No: nothing sent, the question gone.
    fireEvent.click(screen.getByRole("button", { name: "No" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(submit).not.toHaveBeenCalled();
    expect(dialog.isConnected).toBe(false);

    save();
    await screen.findByRole("dialog");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Yes" }));
    });
    await waitFor(() => expect(screen.getByText("Moved Buurtbus")).toBeTruthy());
    expect(submit).toHaveBeenCalledTimes(1);
    expect(submit.mock.calls[0]?.[0]).toMatchObject({ name: "Buurtbus" });
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      organizationKeys.lists(),
    ]);
    expect(onSuccess).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("closes the question on a refusal and says why above the fields, naming what was sent", async () => {
    renderConfirmForm({
      submit: async () => {
        throw refusal(403);
      },
    });
    fill("Name", "Buurtbus");
    save();
    await screen.findByRole("dialog");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Yes" }));
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(alertText()).toContain("Buurtbus could not be moved");
    expect(alertText()).toContain(messages.mutations.forbidden);
  });
});
