import type { ButtonHTMLAttributes, ReactNode, Ref } from "react";
import { Spinner } from "./spinner";

export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost" | "link";

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: "sm" | "md" | "lg";
  /** Shows a spinner (and `loadingText` when given) and disables the button. */
  isLoading?: boolean;
  loadingText?: string;
  icon?: ReactNode;
  block?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/** The product's button; `type` defaults to "button". */
export function Button({
  variant = "secondary",
  size = "md",
  isLoading = false,
  loadingText,
  icon,
  block,
  className,
  children,
  disabled,
  type = "button",
  ...rest
}: ButtonProps) {
  const classes = ["btn", `btn-${variant}`, `btn-${size}`, block ? "btn-block" : "", className ?? ""]
    .filter(Boolean)
    .join(" ");
  return (
    <button
      type={type}
      className={classes}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      {...rest}
    >
      {isLoading ? <Spinner size="sm" /> : icon}
      {isLoading && loadingText ? loadingText : children}
    </button>
  );
}

export interface IconButtonProps extends Omit<ButtonProps, "children" | "icon"> {
  /** The accessible name (also the tooltip title). */
  label: string;
  icon: ReactNode;
}

/** A button showing only an icon, named by `label`. */
export function IconButton({ label, icon, className, variant = "ghost", ...rest }: IconButtonProps) {
  return (
    <Button
      variant={variant}
      className={`btn-icon ${className ?? ""}`}
      aria-label={label}
      title={label}
      icon={icon}
      {...rest}
    />
  );
}
