/** Whether this browser can draw a map at all: without WebGL a list stays the way in. */
export function webGlWorks(): boolean {
  try {
    const canvas = document.createElement("canvas");
    return Boolean(canvas.getContext("webgl2") ?? canvas.getContext("webgl"));
  } catch {
    return false;
  }
}
