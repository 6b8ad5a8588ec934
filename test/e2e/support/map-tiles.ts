/**
 * The e2e server's map tiles (playwright.config.ts sets MAP_TILE_URL to this): the server's own
 * favicon for every z/x/y, a real image from a local host, so a map draws with no outside traffic.
 */
export const E2E_TILE_URL = (port: number) => `http://localhost:${port}/favicon.svg?tile={z}/{x}/{y}`;

/** Every request for one of those tiles (for page.route). */
export const E2E_TILE_PATTERN = /\/favicon\.svg\?tile=/;
