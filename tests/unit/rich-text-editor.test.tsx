import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { Controller, useForm } from "react-hook-form";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { RichTextField } from "@/components/rich-text/rich-text-field";
import { defaultLocale, timeZone } from "@/lib/i18n/config";
import { loadMessages } from "@/lib/i18n/load-messages";
import nl from "@/messages/nl.json";
import { stubLayoutForProseMirror } from "./support/prosemirror-dom";

beforeAll(stubLayoutForProseMirror);
afterEach(cleanup);

type TValues = { text: string };

/** The editor as a form uses it: a controlled field of react-hook-form. */
function Harness({ initial, seen }: { initial: string; seen: (values: TValues) => void }) {
  const form = useForm<TValues>({ defaultValues: { text: initial } });
  return (
    <form
      onSubmit={form.handleSubmit((values) => {
        seen(values);
      })}
    >
      <Controller
        control={form.control}
        name="text"
        render={({ field }) => (
          <RichTextField
            label="Omschrijving"
            hint="Vet, cursief en lijsten."
            error={form.formState.errors.text?.message}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
          />
        )}
      />
      <button type="submit">Versturen</button>
    </form>
  );
}

async function renderEditor(initial: string) {
  const messages = await loadMessages(defaultLocale);
  const submitted: TValues[] = [];
  render(
    <NextIntlClientProvider locale={defaultLocale} messages={messages} timeZone={timeZone}>
      <Harness initial={initial} seen={(values) => submitted.push(values)} />
    </NextIntlClientProvider>,
  );
  // The editor mounts after the first render (immediatelyRender: false, for SSR).
  const editable = await screen.findByRole("textbox", { name: "Omschrijving" });
  const submit = async () => {
    const before = submitted.length;
    fireEvent.click(screen.getByRole("button", { name: "Versturen" }));
    await waitFor(() => expect(submitted.length).toBe(before + 1));
    return submitted[before];
  };
  return { editable, submit };
}

const tool = (name: string) => screen.getByRole("button", { name });
const t = nl.richText;

function selectAll(editable: HTMLElement) {
  act(() => {
    editable.focus();
    // ProseMirror's own key binding (Mod-a): everything in the document.
    fireEvent.keyDown(editable, { key: "a", code: "KeyA", ctrlKey: true });
  });
}

describe("the rich-text editor", () => {
  it("is a labelled, described textbox with a named toolbar of real buttons", async () => {
    const { editable } = await renderEditor("<p>Hallo</p>");
    expect(editable.getAttribute("contenteditable")).toBe("true");
    expect(editable.getAttribute("aria-multiline")).toBe("true");
    const describedBy = (editable.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent);
    expect(describedBy).toEqual(["Vet, cursief en lijsten."]);
    const toolbar = screen.getByRole("toolbar", { name: t.toolbar });
    for (const name of [
      t.bold,
      t.italic,
      t.heading2,
      t.heading3,
      t.bulletList,
      t.orderedList,
      t.link,
    ]) {
      const button = tool(name);
      expect(toolbar.contains(button)).toBe(true);
      expect(button.tagName).toBe("BUTTON");
      expect(button.getAttribute("aria-pressed")).toBe("false");
    }
    // Undo and redo are actions, not toggles; nothing to undo yet.
    expect(tool(t.undo).getAttribute("aria-pressed")).toBeNull();
    expect(tool(t.undo).getAttribute("aria-disabled")).toBe("true");
  });

  it("toggles bold on the selection, says so with aria-pressed, and the form gets the HTML", async () => {
    const { editable, submit } = await renderEditor("<p>Elke zaterdag</p>");
    selectAll(editable);
    fireEvent.click(tool(t.bold));
    await waitFor(() => expect(tool(t.bold).getAttribute("aria-pressed")).toBe("true"));
    expect(editable.querySelector("strong")?.textContent).toBe("Elke zaterdag");
    expect((await submit()).text).toBe("<p><strong>Elke zaterdag</strong></p>");

    // Off again.
    fireEvent.click(tool(t.bold));
    await waitFor(() => expect(tool(t.bold).getAttribute("aria-pressed")).toBe("false"));
    expect((await submit()).text).toBe("<p>Elke zaterdag</p>");
  });

  it("undoes and redoes a change", async () => {
    const { editable, submit } = await renderEditor("<p>Elke zaterdag</p>");
    selectAll(editable);
    fireEvent.click(tool(t.italic));
    await waitFor(() => expect(editable.querySelector("em")).not.toBeNull());
    expect(tool(t.undo).getAttribute("aria-disabled")).toBeNull();
    fireEvent.click(tool(t.undo));
    await waitFor(() => expect(editable.querySelector("em")).toBeNull());
    expect((await submit()).text).toBe("<p>Elke zaterdag</p>");
    fireEvent.click(tool(t.redo));
    await waitFor(() => expect(editable.querySelector("em")).not.toBeNull());
    expect((await submit()).text).toBe("<p><em>Elke zaterdag</em></p>");
  });

  it("makes a list of the paragraph, without the empty paragraph the editor keeps after it", async () => {
    const { editable, submit } = await renderEditor("<p>Koffie staat klaar</p>");
    selectAll(editable);
    fireEvent.click(tool(t.bulletList));
    await waitFor(() => expect(editable.querySelector("ul li")).not.toBeNull());
    // The editor adds a paragraph after the list, for the cursor; the value has none.
    expect(editable.lastElementChild?.tagName).toBe("P");
    expect((await submit()).text).toBe("<ul><li><p>Koffie staat klaar</p></li></ul>");
  });

  it("makes a heading of the paragraph", async () => {
    const { editable, submit } = await renderEditor("<p>Koffie staat klaar</p>");
    selectAll(editable);
    fireEvent.click(tool(t.heading2));
    await waitFor(() => expect(editable.querySelector("h2")).not.toBeNull());
    expect((await submit()).text).toBe("<h2>Koffie staat klaar</h2>");
  });

  it("refuses a javascript: link and says why; an https link is made", async () => {
    const { editable, submit } = await renderEditor("<p>Meer informatie</p>");
    selectAll(editable);
    fireEvent.click(tool(t.link));
    const dialog = await screen.findByRole("dialog", { name: t.linkDialog.title });
    const address = screen.getByRole("textbox", { name: t.linkDialog.address });
    fireEvent.change(address, { target: { value: "javascript:alert(document.cookie)" } });
    fireEvent.click(screen.getByRole("button", { name: t.linkDialog.save }));
    expect(await screen.findByText(t.linkDialog.invalid)).toBeTruthy();
    expect(address.getAttribute("aria-invalid")).toBe("true");
    expect(dialog.hasAttribute("open")).toBe(true);
    expect(editable.querySelector("a")).toBeNull();

    // Enter takes the address and does not submit the form around the editor.
    fireEvent.change(address, { target: { value: "https://www.voorbeeld.nl" } });
    fireEvent.keyDown(address, { key: "Enter" });
    await waitFor(() => expect(editable.querySelector("a")).not.toBeNull());
    expect(editable.querySelector("a")?.getAttribute("href")).toBe("https://www.voorbeeld.nl");
    expect((await submit()).text).toContain('href="https://www.voorbeeld.nl"');
  });

  it("drops a javascript: link in the value it is given, keeping its text", async () => {
    const { editable, submit } = await renderEditor(
      '<p><a href="javascript:alert(1)">klik</a> hier</p>',
    );
    expect(editable.textContent).toBe("klik hier");
    expect(editable.querySelector('a[href^="javascript"]')).toBeNull();
    selectAll(editable);
    fireEvent.click(tool(t.italic));
    expect((await submit()).text).not.toContain("javascript");
  });

  it("reports an empty document as ''", async () => {
    const { editable, submit } = await renderEditor("<p>Weg ermee</p>");
    selectAll(editable);
    act(() => {
      fireEvent.keyDown(editable, { key: "Backspace", code: "Backspace" });
    });
    await waitFor(() => expect(editable.textContent).toBe(""));
    expect((await submit()).text).toBe("");
  });
});
