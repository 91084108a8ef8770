import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type TMessages, useSteadyMessages } from "@/lib/forms/use-steady-messages";

function Form({ current }: { current: TMessages }) {
  const steady = useSteadyMessages(current);
  return (
    <form aria-label="form" onPointerDownCapture={steady.onPointerDownCapture}>
      <p data-testid="message">{steady.messages.url ?? "none"}</p>
      <button type="button">Add</button>
    </form>
  );
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("useSteadyMessages", () => {
  it("shows the current messages when nothing is pressed", () => {
    const { rerender } = render(<Form current={{ url: "Bad address" }} />);
    expect(screen.getByTestId("message").textContent).toBe("Bad address");
    rerender(<Form current={{ url: undefined }} />);
    expect(screen.getByTestId("message").textContent).toBe("none");
  });

  it("holds the messages of pointerdown until the click after pointerup is done", () => {
    vi.useFakeTimers();
    const { rerender } = render(<Form current={{ url: "Bad address" }} />);
    fireEvent.pointerDown(screen.getByRole("button"));
    // The blur that the press causes validates the field: its message would go.
    rerender(<Form current={{ url: undefined }} />);
    expect(screen.getByTestId("message").textContent).toBe("Bad address");
    fireEvent.pointerUp(window);
    // Still held while mouseup and click are dispatched in the same task.
    expect(screen.getByTestId("message").textContent).toBe("Bad address");
    act(() => {
      vi.runAllTimers();
    });
    expect(screen.getByTestId("message").textContent).toBe("none");
  });

  it("lets go on pointercancel as well", () => {
    vi.useFakeTimers();
    const { rerender } = render(<Form current={{}} />);
    fireEvent.pointerDown(screen.getByRole("button"));
    rerender(<Form current={{ url: "Bad address" }} />);
    expect(screen.getByTestId("message").textContent).toBe("none");
    fireEvent.pointerCancel(window);
    act(() => {
      vi.runAllTimers();
    });
    expect(screen.getByTestId("message").textContent).toBe("Bad address");
  });
});
