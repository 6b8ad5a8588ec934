import { useEffect, useId, useRef, useState, type ReactNode } from "react";

type Props = {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** A destructive action: the confirm button is red and Cancel has the first focus. */
  destructive?: boolean;
  /** A word to type before confirming (the delete-all's DELETE); its label is the question. */
  typed?: { label: string };
  onConfirm(typed: string): void;
  onCancel(): void;
};

/**
 * A modal confirmation on the native <dialog> (instead of confirm()/prompt()): showModal()
 * makes the rest of the page inert, so focus stays inside; Escape cancels (the dialog's cancel
 * event); focus returns to the button that opened it when it closes. The page stays usable without
 * JavaScript: the forms that open it submit as before.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = "Cancel",
  destructive,
  typed,
  onConfirm,
  onCancel,
}: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const inputId = useId();
  const [text, setText] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  // The latest onCancel, for the native listener below (a prop change must not re-register it).
  const cancelRef = useRef(onCancel);
  useEffect(() => {
    cancelRef.current = onCancel;
  }, [onCancel]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setText("");
      dialog.showModal();
      // The first focus: the word to type, else Cancel for a destructive action (Enter must not destroy by accident).
      if (typed) inputRef.current?.focus();
      else if (destructive) cancelButton.current?.focus();
    } else if (!open && dialog.open) dialog.close();
    // Only `open` drives this; the focus choices read the props of the render that opened it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  // A dialog that turns into the typed-word step while open (the delete-all's third step) focuses the word.
  const hasTyped = Boolean(typed);
  useEffect(() => {
    if (!hasTyped || !ref.current?.open) return;
    setText("");
    inputRef.current?.focus();
  }, [hasTyped]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Escape: the browser fires cancel; the parent decides (it closes the dialog by its `open`).
    const cancel = (event: Event) => {
      event.preventDefault();
      cancelRef.current();
    };
    dialog.addEventListener("cancel", cancel);
    return () => dialog.removeEventListener("cancel", cancel);
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      className="m-auto w-[min(32rem,calc(100%-2rem))] rounded-lg border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50"
    >
      <form
        method="dialog"
        className="space-y-4 p-6"
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm(text);
        }}
      >
        <h2 id={titleId} className={`text-lg font-semibold ${destructive ? "text-red-800" : "text-slate-900"}`}>
          {title}
        </h2>
        <div id={bodyId} className="text-sm text-slate-700">
          {children}
        </div>
        {typed ? (
          <div>
            <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
              {typed.label}
            </label>
            <input
              id={inputId}
              name="typed"
              type="text"
              autoComplete="off"
              spellCheck={false}
              ref={inputRef}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
            />
          </div>
        ) : null}
        <div className="flex justify-end gap-2">
          <button
            type="button"
            ref={cancelButton}
            onClick={onCancel}
            className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-50"
          >
            {cancelLabel}
          </button>
          <button
            type="submit"
            className={`rounded-md px-4 py-2 text-sm font-semibold text-white ${
              destructive ? "bg-red-700 hover:bg-red-800" : "bg-blue-600 hover:bg-blue-700"
            }`}
          >
            {confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
