/**
 * The rate-limit bindings count in fixed windows aligned to the clock (a 60-second limit counts from
 * each whole minute, in miniflare as in Cloudflare's "simple" limits). A test that sends a burst and
 * expects at most one window's limit to get through starts its burst early in a window, so the burst
 * cannot straddle two windows (and be allowed twice the limit).
 */
export async function startOfRateWindow(periodSeconds = 60, burstSeconds = 20): Promise<void> {
  const intoWindow = (Date.now() / 1000) % periodSeconds;
  if (intoWindow > periodSeconds - burstSeconds) {
    await new Promise((resolve) => setTimeout(resolve, (periodSeconds - intoWindow + 0.2) * 1000));
  }
}
