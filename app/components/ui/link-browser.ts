// In the browser a link is React Router's own (the server's cheaper rendering: link-server.tsx).
export { Link } from "react-router";
