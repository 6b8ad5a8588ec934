import { useNavigate } from "react-router";

/**
 * SPEC §2 Home: Search or Enter goes to /search?q=…&location=… when the service text is non-empty
 * after trimming; otherwise nothing happens. Without JavaScript the `required` + `pattern` checks
 * keep a blank service from submitting.
 */
export function HomeSearch() {
  const navigate = useNavigate();
  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const q = String(form.get("q") ?? "").trim();
    const location = String(form.get("location") ?? "").trim();
    if (!q) return;
    navigate(`/search?${new URLSearchParams({ q, location })}`);
  }
  return (
    <form
      action="/search"
      method="get"
      role="search"
      noValidate={false}
      onSubmit={onSubmit}
      className="mx-auto mt-8 flex max-w-3xl flex-col gap-3 rounded-2xl bg-white p-3 shadow-lg sm:flex-row"
    >
      <label htmlFor="home-q" className="sr-only">
        What service are you looking for?
      </label>
      <input
        id="home-q"
        name="q"
        required
        pattern=".*\S.*"
        title="Enter a service or business name"
        placeholder="What service are you looking for?"
        className="min-w-0 flex-1 rounded-lg border border-slate-300 px-4 py-3 text-slate-900"
      />
      <label htmlFor="home-location" className="sr-only">
        Location (city, state)
      </label>
      <input
        id="home-location"
        name="location"
        placeholder="City, state"
        className="min-w-0 flex-1 rounded-lg border border-slate-300 px-4 py-3 text-slate-900 sm:max-w-xs"
      />
      <button type="submit" className="rounded-lg bg-blue-700 px-6 py-3 font-semibold text-white hover:bg-blue-800">
        Search
      </button>
    </form>
  );
}
