import { useNavigate } from "react-router";
import { NearMeButton } from "#app/components/near-me-button";
import { SuggestInput } from "#app/components/suggest-input";
import { Button } from "#app/components/ui/button";

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
    <>
      <form
        id="home-search"
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
        <SuggestInput
          kind="service"
          id="home-q"
          name="q"
          required
          pattern=".*\S.*"
          title="Enter a service or business name"
          placeholder="What service are you looking for?"
          className="h-12 flex-1"
        />
        <label htmlFor="home-location" className="sr-only">
          Location (city, state)
        </label>
        <SuggestInput kind="location" id="home-location" name="location" placeholder="City, state" className="h-12 flex-1 sm:max-w-xs" />
        <Button type="submit" size="lg">
          Search
        </Button>
      </form>
      <NearMeButton form="home-search" tone="dark" className="mx-auto mt-2 max-w-3xl items-center" />
    </>
  );
}
