"use client";

import type { CSSProperties } from "react";
import { useIconMask } from "@/lib/icons/use-icon-mask";
import { iconLabelling, type TIconProps } from "./icon";

/**
 * An icon outside the bundle: /icons/<name>.svg (lib/icons/load-icon.ts), painted in the
 * text colour through a CSS mask. The box is sized before the file arrives and stays
 * empty when it does not (time-out, missing file), so nothing shifts.
 */
export function RemoteIcon({
  name,
  label,
  size = "1em",
  className = "",
}: TIconProps & { name: string }) {
  const mask = useIconMask(name);
  const style: CSSProperties = {
    width: size,
    height: size,
    ...(mask
      ? {
          backgroundColor: "currentColor",
          maskImage: mask,
          WebkitMaskImage: mask,
          maskSize: "contain",
          WebkitMaskSize: "contain",
          maskRepeat: "no-repeat",
          WebkitMaskRepeat: "no-repeat",
          maskPosition: "center",
          WebkitMaskPosition: "center",
          // In forced-colours mode backgrounds are replaced; keep the icon in the forced text colour.
          forcedColorAdjust: "none",
        }
      : {}),
  };
  return (
    <span
      data-icon={name}
      data-loaded={mask ? "true" : undefined}
      className={`inline-block shrink-0 align-[-0.125em] ${className}`.trim()}
      style={style}
      {...iconLabelling(label)}
    />
  );
}
