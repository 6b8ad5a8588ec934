import { useLingui } from "@lingui/react";
import { useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { Suggestion, SuggestKind } from "#app/server/search/suggest.server";
import { cn } from "#app/components/ui/cn";
import { inputClass } from "#app/components/ui/field";

const DEBOUNCE_MS = 150;

type Props = Omit<React.ComponentProps<"input">, "role" | "type"> & { kind: SuggestKind; id: string };

/**
 * A search box with type-ahead: the ARIA 1.2 combobox pattern — arrow keys move through
 * the suggestions, Enter takes one, Escape closes the list, and a live region says how many there
 * are. Without JavaScript (public pages start React only when the visitor moves:
 * deferred-hydration.server.ts) it is the plain input of a GET form. A city or category fills the
 * box; a business opens its page.
 */
export function SuggestInput({ kind, id, className, onChange, onKeyDown, onBlur, ...props }: Props) {
  const listId = useId();
  const navigate = useNavigate();
  const { _ } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState<string | null>(null);
  const [items, setItems] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  useEffect(() => {
    const q = (text ?? "").trim();
    if (!q) return;
    const abort = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(`/api/suggest?${new URLSearchParams({ q, kind })}`, { signal: abort.signal });
        if (!response.ok) return;
        const body = (await response.json()) as { suggestions: Suggestion[] };
        setItems(body.suggestions);
        setActive(-1);
        setOpen(body.suggestions.length > 0);
      } catch {
        // Aborted by the next keystroke, or offline: the box stays a plain input.
      }
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [text, kind]);

  function choose(suggestion: Suggestion) {
    setOpen(false);
    if (suggestion.kind === "business") {
      navigate(suggestion.href);
      return;
    }
    if (input.current) input.current.value = suggestion.label;
    setText(null);
  }

  function keyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    onKeyDown?.(event);
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!items.length) return;
      event.preventDefault();
      setOpen(true);
      // -1 is the text box itself: the list wraps through it, as the APG's example does.
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((i) => {
        const next = i + step;
        return next >= items.length ? -1 : next < -1 ? items.length - 1 : next;
      });
    } else if (event.key === "Enter" && open && active >= 0) {
      event.preventDefault();
      choose(items[active]);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  // Emptied text shows nothing, whatever the last answer was.
  const expanded = open && items.length > 0 && Boolean((text ?? "").trim());
  return (
    <div className={cn("relative min-w-0", className)}>
      <input
        {...props}
        ref={input}
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        className={cn(inputClass, "h-full")}
        onChange={(event) => {
          onChange?.(event);
          setText(event.currentTarget.value);
        }}
        onKeyDown={keyDown}
        onBlur={(event) => {
          onBlur?.(event);
          setOpen(false);
        }}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={_("suggest.suggestions")}
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-30 mt-1 max-h-80 overflow-auto rounded-lg border border-slate-200 bg-white py-1 text-start shadow-lg"
      >
        {items.map((s, i) => (
          <li
            key={`${s.kind}:${s.href}`}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className={cn("cursor-pointer px-3 py-2 text-sm", i === active ? "bg-blue-50 text-blue-900" : "text-slate-800")}
            // mousedown, not click: the input keeps its focus, so blur does not close the list first.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(s);
            }}
          >
            <span className="font-medium">{s.label}</span>
            {s.detail ? <span className="block text-xs text-slate-500">{s.detail}</span> : null}
            {s.count ? <span className="sr-only">{_("suggest.businessCount", { count: s.count })}</span> : null}
          </li>
        ))}
      </ul>
      <span role="status" className="sr-only">
        {expanded ? _("suggest.count", { count: items.length }) : ""}
      </span>
    </div>
  );
}
