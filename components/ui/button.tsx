import Link from "next/link";
import type { ComponentProps } from "react";
import { buttonClassName, type TButtonStyle } from "./button-class";

export { buttonClassName } from "./button-class";

type ButtonProps = ComponentProps<"button"> & TButtonStyle;

export function Button({ variant, size, className, type = "button", ...props }: ButtonProps) {
  return (
    <button type={type} className={buttonClassName({ variant, size, className })} {...props} />
  );
}

type ButtonLinkProps = ComponentProps<typeof Link> & TButtonStyle;

/** A link that looks like a button: navigation stays a link for assistive technology. */
export function ButtonLink({ variant, size, className, ...props }: ButtonLinkProps) {
  return <Link className={buttonClassName({ variant, size, className })} {...props} />;
}
