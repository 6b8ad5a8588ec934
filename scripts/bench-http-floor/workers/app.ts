import { createRequestHandler } from "react-router";
import * as build from "virtual:react-router/server-build";

// What the React Router template's Worker does, and nothing else.
const requestHandler = createRequestHandler(build, import.meta.env.MODE);

export default {
  fetch(request) {
    return requestHandler(request);
  },
} satisfies ExportedHandler;
