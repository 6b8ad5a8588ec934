import { Link, type LinkProps } from "react-router";
import { cn } from "#app/components/ui/cn";

const VARIANTS = {
  primary: "bg-blue-700 text-white hover:bg-blue-800",
  outline: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
  ghost: "text-slate-700 hover:bg-slate-100",
  inverse: "bg-white text-blue-800 hover:bg-blue-50",
  "inverse-outline": "border border-white text-white hover:bg-white/10",
} as const;

const SIZES = {
  sm: "h-9 px-3 text-sm",
  md: "h-11 px-5 text-sm",
  lg: "h-12 px-6 text-base",
} as const;

export type ButtonVariant = keyof typeof VARIANTS;
export type ButtonSize = keyof typeof SIZES;

/** The classes of a button, for the few places that need them on another element. */
export function buttonVariants({ variant = "primary", size = "md" }: { variant?: ButtonVariant; size?: ButtonSize } = {}): string {
  return cn("btn", VARIANTS[variant], SIZES[size]);
}

type Variant = { variant?: ButtonVariant; size?: ButtonSize };

export function Button({ variant, size, className, type = "button", ...props }: React.ComponentProps<"button"> & Variant) {
  return <button type={type} className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}

/** A link that looks like a button (navigation stays a link: it works without JavaScript and opens in a new tab). */
export function ButtonLink({ variant, size, className, ...props }: LinkProps & Variant) {
  return <Link className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}
