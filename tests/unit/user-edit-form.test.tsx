import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ToastProvider } from "@/components/toasts/toast-provider";
import { UserEditForm } from "@/components/users/user-edit-form";
import { auditKeys, userKeys } from "@/lib/api/query-keys";
import { defaultLocale, timeZone } from "@/lib/i18n/config";
import { loadMessages } from "@/lib/i18n/load-messages";
import { createToastStore } from "@/lib/toasts/toast-store";
import type { TUserRecord } from "@/lib/users/user-types";

const push = vi.fn();
vi.mock("next/navigation", () => ({
  useRouter: () => ({ push, replace: vi.fn(), refresh: vi.fn(), prefetch: vi.fn() }),
}));
const updateUser = vi.fn();
vi.mock("@/lib/users/user-api", async (original) => ({
  ...(await original<typeof import("@/lib/users/user-api")>()),
  updateUser: (...args: unknown[]) => updateUser(...args),
}));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const USER: TUserRecord = {
  id: "12",
  email: "mila@example.nl",
  firstName: "Mila",
  lastName: "Visser",
  phone: "06 12345678",
  locale: "nl",
  status: "active",
  volunteerCenterId: 1,
  confirmedAt: null,
  createdAt: "2026-01-01T00:00:00Z",
  updatedAt: "2026-01-01T00:00:00Z",
};

async function renderEdit(queryClient: QueryClient) {
  queryClient.setQueryData(userKeys.detail(USER.id), USER);
  const messages = await loadMessages(defaultLocale);
  render(
    <NextIntlClientProvider locale={defaultLocale} messages={messages} timeZone={timeZone}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider store={createToastStore()}>
          <UserEditForm id={USER.id} />
        </ToastProvider>
      </QueryClientProvider>
    </NextIntlClientProvider>,
  );
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe("/users/:id/edit on useApiForm", () => {
  it("saves, toasts, refreshes the user, its lists and the audit log (not other users), and goes back", async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    updateUser.mockImplementation(async (_api, _id, changes) => ({ ...USER, ...changes }));
    await renderEdit(queryClient);
    fireEvent.change(field("Voornaam"), { target: { value: "Milou" } });
    fireEvent.blur(field("Voornaam"));
    fireEvent.change(field("Telefoonnummer"), { target: { value: "" } });
    fireEvent.blur(field("Telefoonnummer"));
    fireEvent.click(screen.getByRole("button", { name: "Opslaan" }));
    await waitFor(() => expect(push).toHaveBeenCalledWith("/users/12"));
    expect(updateUser).toHaveBeenCalledWith(expect.anything(), "12", {
      firstName: "Milou",
      lastName: "Visser",
      phone: null,
      locale: "nl",
    });
    expect(screen.getByText(/Milou Visser/)).toBeTruthy();
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      userKeys.detail("12"),
      userKeys.lists(),
      userKeys.current(),
      auditKeys.lists(),
    ]);
    // Typing again after the save still works (the form's new defaults are the saved values).
    fireEvent.change(field("Voornaam"), { target: { value: "Mila" } });
    fireEvent.blur(field("Voornaam"));
    fireEvent.change(field("Telefoonnummer"), { target: { value: "06" } });
    expect(field("Telefoonnummer").value).toBe("06");
  });
});
