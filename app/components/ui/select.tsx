import { cn } from "./cn";
import { inputClass } from "./field";

export function Select({ className, ...props }: React.ComponentProps<"select">) {
  return <select className={cn(inputClass, "pr-8", className)} {...props} />;
}
