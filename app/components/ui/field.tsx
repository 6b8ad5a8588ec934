import { cn } from "#app/components/ui/cn";

export const inputClass =
  "h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3.5 text-slate-900 placeholder:text-slate-500 focus:border-blue-600 focus:outline-2 focus:outline-blue-600/30";

export function Input({ className, ...props }: React.ComponentProps<"input">) {
  return <input className={cn(inputClass, className)} {...props} />;
}

/** A labelled control; `hideLabel` keeps the label for screen readers only (a placeholder is no label). */
export function Field({
  label,
  htmlFor,
  hideLabel = false,
  className,
  children,
}: {
  label: React.ReactNode;
  htmlFor: string;
  hideLabel?: boolean;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn("flex min-w-0 flex-col gap-1", className)}>
      <label htmlFor={htmlFor} className={hideLabel ? "sr-only" : "text-sm font-medium text-slate-700"}>
        {label}
      </label>
      {children}
    </div>
  );
}
