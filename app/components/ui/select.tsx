import { cn } from "#app/components/ui/cn";
import { inputClass } from "#app/components/ui/field";

export function Select({ className, ...props }: React.ComponentProps<"select">) {
  return <select className={cn(inputClass, "pe-8", className)} {...props} />;
}
