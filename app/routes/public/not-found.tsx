import { data } from "react-router";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "404 Page Not Found" }];
}

export default function NotFound() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">404 Page Not Found</h1>
      <p className="mt-4 text-slate-600">Did you forget to add the page to the router?</p>
    </main>
  );
}
