/**
 * `npm run bench:http -- --d1-rtt 0,25,80`: the public pages when every D1 round trip crosses a
 * network (docs/perf/http.md, "Round trips under network latency").
 *
 * For each RTT the built Worker is served twice by `wrangler dev` with BENCH_D1_RTT_MS set (the
 * latency model of app/server/platform/d1-latency.server.ts; a bench setting, never deployed): with
 * the edge cache on (hits) and with EDGE_CACHE=miss (every request rendered as a miss is). Each page
 * is asked one request at a time for a few seconds per cell (no queue in front of the Worker: the
 * latency is the page's own), interleaved over --rounds, and its time to first byte recorded (the
 * response's status line and headers arriving). Per page and RTT: TTFB p50/p99 of hits and misses,
 * the round trips a miss reports (Server-Timing `round_trips`, the most frequent value: the data
 * version is read again once a second), and the check "miss p50 ≤ RTT × round trips + 30 ms".
 *
 * Then the CPU time of one miss per page: workerd's V8 profile of the Worker's isolate (through the
 * inspector) while the page is asked one request at a time, summed over every sample but the idle
 * ones and divided by the requests. On a loaded machine a sample also counts time the thread waited
 * for a core, so the figure is an upper bound; the workerd process's own CPU time per request
 * (/proc; it also holds the local D1's SQLite and the HTTP server) is printed beside it.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import { openInspector } from "./inspector";

type Server = { origin: string; pid: number; stop: () => Promise<void> };
type Serve = (cache: "on" | "off", ports: { port: number; inspector: number }, vars: Record<string, string>) => Promise<Server>;

type Sample = { ttfb: number; roundTrips: number | null; status: number };

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One GET: its time to first byte (ms), its status and the round trips its Server-Timing reports. */
function ask(url: string): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const request = http.get(url, { agent }, (response) => {
      const ttfb = Number(process.hrtime.bigint() - started) / 1e6;
      const timing = String(response.headers["server-timing"] ?? "");
      const roundTrips = /round_trips=(\d+)/.exec(timing);
      response.resume();
      response.on("end", () => resolve({ ttfb, roundTrips: roundTrips ? Number(roundTrips[1]) : null, status: response.statusCode ?? 0 }));
    });
    request.on("error", reject);
  });
}

/** Requests one after another for `seconds` (at least `min` of them). */
async function cell(url: string, seconds: number, min = 5): Promise<Sample[]> {
  const samples: Sample[] = [];
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until || samples.length < min) samples.push(await ask(url));
  return samples;
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
};

/** The most frequent value (ties: the smaller). */
function mode(xs: number[]): number {
  const counts = new Map<number, number>();
  for (const x of xs) counts.set(x, (counts.get(x) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? NaN;
}

/** The pages: each public kind (a business by id and at its slug, a city's page 2, open now and past its end, a filtered city × category), and /search three ways (a dense word, a word in a place, near a point). */
async function pagesOf(origin: string, businesses: number): Promise<Array<[string, string]>> {
  const json = async <T>(path: string) => (await (await fetch(`${origin}${path}`)).json()) as T;
  const {
    businesses: [business],
  } = await json<{ businesses: Array<{ id: number; slug: string }> }>(`/api/businesses?limit=1&offset=${businesses / 2}`);
  const [{ name: city }] = await json<Array<{ name: string }>>("/api/cities/popular?limit=1");
  const cityPage = await (await fetch(`${origin}/city/${encodeURIComponent(city)}`)).text();
  const cityCategory = /href="(\/city\/[^/"?]+\/[a-z0-9-]+)"/.exec(cityPage)?.[1];
  return [
    ["home", "/"],
    ["business", `/business/${business.id}`],
    ["city", `/city/${encodeURIComponent(city)}`],
    ["category", "/category/restaurants"],
    ...(cityCategory ? ([["city×category", cityCategory]] as Array<[string, string]>) : []),
    ["businesses", "/businesses"],
    // The address every card links, a listing's deeper page and a filtered listing.
    ["business at its slug", `/details/${business.slug}`],
    ["city page 2", `/city/${encodeURIComponent(city)}?page=2`],
    ...(cityCategory ? ([["city×category, rated 4+", `${cityCategory}?minRating=4`]] as Array<[string, string]>) : []),
    // Open now (its window and the index past it in one statement) and a page past the end (the last page).
    ["city, open now", `/city/${encodeURIComponent(city)}?openNow=1`],
    ["city past its end", `/city/${encodeURIComponent(city)}?page=9999`],
    ["search: dense word", "/search?q=restaurant"],
    ["search: pizza in New York", "/search?q=pizza&location=New%20York"],
    ["search: near me", "/search?near=40.7128,-74.0060"],
  ];
}

// ── The inspector: a CPU profile of the Worker's isolate ────────────────────
type CpuProfile = { nodes: Array<{ id: number; callFrame: { functionName: string } }>; samples: number[]; timeDeltas: number[] };

/** CPU time (ms) in a profile: every sample but the idle ones. */
function busyMs(profile: CpuProfile): number {
  const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === "(idle)").map((n) => n.id));
  let us = 0;
  profile.samples.forEach((node, i) => {
    if (!idle.has(node)) us += profile.timeDeltas[i] ?? 0;
  });
  return us / 1000;
}

/** CPU time (ms) of the workerd processes of a server's process group, from /proc. */
function workerdCpuMs(group: number): number {
  let ticks = 0;
  for (const pid of fs.readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, "utf8").trim() !== "workerd") continue;
      // After "pid (comm) ": state, ppid, pgrp, … utime (11), stime (12), in clock ticks.
      const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      if (Number(fields[2]) !== group) continue;
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone
    }
  }
  return ticks * 10; // USER_HZ = 100
}

export async function measureRtt(options: {
  serve: Serve;
  firstPort: number;
  rtts: number[];
  rounds: number;
  seconds: number;
  businesses: number;
  commit: string;
  /** The pages to ask, by name ("search: near me"); all of them when empty. */
  only: string[];
}): Promise<void> {
  const { serve, rtts, rounds, seconds, businesses, only } = options;
  let port = options.firstPort;
  const ports = () => ({ port: port++, inspector: port++ });
  type Row = { hit: Sample[]; miss: Sample[] };
  const rows = new Map<string, Row>();
  let pages: Array<[string, string]> = [];
  console.log(
    `\nD1 round trip times ${rtts.join(", ")} ms: ${rounds} round(s) of ${seconds} s per page, hits and misses (${os.cpus().length} cores)`,
  );
  for (const rtt of rtts) {
    const vars: Record<string, string> = rtt > 0 ? { BENCH_D1_RTT_MS: String(rtt) } : {};
    const [on, off] = await Promise.all([serve("on", ports(), vars), serve("off", ports(), vars)]);
    if (pages.length === 0) pages = (await pagesOf(on.origin, businesses)).filter(([name]) => only.length === 0 || only.includes(name));
    // Warm: the JIT, the isolate's memos, and each page stored for the hits.
    for (const [, path] of pages) for (const s of [on, off]) for (let i = 0; i < 3; i++) await ask(`${s.origin}${path}`);
    for (let round = 1; round <= rounds; round++) {
      console.log(`  RTT ${rtt} ms, round ${round}/${rounds} (load ${os.loadavg()[0].toFixed(1)})`);
      for (const [name, path] of pages) {
        const row = rows.get(`${rtt} ${name}`) ?? { hit: [], miss: [] };
        row.hit.push(...(await cell(`${on.origin}${path}`, seconds)));
        row.miss.push(...(await cell(`${off.origin}${path}`, seconds)));
        rows.set(`${rtt} ${name}`, row);
      }
    }
    await Promise.all([on.stop(), off.stop()]);
  }

  const ms = (x: number) => (x < 10 ? x.toFixed(1) : x.toFixed(0));
  const ttfb = (samples: Sample[], p: number) =>
    percentile(
      samples.map((s) => s.ttfb),
      p,
    );
  console.log(
    `\nTTFB, one request at a time, wrangler dev on the build of ${options.commit}, ${businesses.toLocaleString("en-US")} businesses`,
  );
  console.log("rule: a miss's p50 ≤ RTT × its round trips + 30 ms. added: the miss p50 less the same page's at RTT 0, what");
  console.log("the latency added whatever the render costs on this machine, held to the same bound\n");
  console.log(
    "| page | RTT ms | round trips (miss) | hit p50 / p99 ms | miss p50 / p99 ms | RTT × trips + 30 | rule | added ms | rule on added | requests hit / miss | non-2xx |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|---|");
  const failures: string[] = [];
  for (const [name] of pages) {
    const base = rows.get(`0 ${name}`);
    for (const rtt of rtts) {
      const { hit, miss } = rows.get(`${rtt} ${name}`)!;
      const trips = mode(miss.flatMap((s) => (s.roundTrips === null ? [] : [s.roundTrips])));
      const bound = rtt * trips + 30;
      const rule = rtt === 0 ? "" : ttfb(miss, 50) <= bound ? "PASS" : "FAIL";
      if (rule === "FAIL") failures.push(`${name} at ${rtt} ms`);
      const added = base && rtt > 0 ? ttfb(miss, 50) - ttfb(base.miss, 50) : null;
      const addedRule = added === null ? "" : added <= bound ? "PASS" : "FAIL";
      const bad = [...hit, ...miss].filter((s) => s.status < 200 || s.status >= 300).length;
      const cells = [
        name,
        rtt,
        trips,
        `${ms(ttfb(hit, 50))} / ${ms(ttfb(hit, 99))}`,
        `${ms(ttfb(miss, 50))} / ${ms(ttfb(miss, 99))}`,
        rtt === 0 ? "" : bound,
        rule,
        added === null ? "" : ms(added),
        addedRule,
        `${hit.length} / ${miss.length}`,
        bad,
      ];
      console.log(`| ${cells.join(" | ")} |`);
    }
  }
  console.log(failures.length ? `\nFAIL: ${failures.join(", ")}` : "\nPASS: every page at every RTT");

  // ── CPU per miss ──────────────────────────────────────────────────────────
  const p = ports();
  const server = await serve("off", p, {});
  const inspector = await openInspector(p.inspector);
  const REQUESTS = 30;
  console.log(
    `\nCPU time of a miss (EDGE_CACHE=miss, RTT 0), ${REQUESTS} requests one at a time after 10 to warm, load ${os.loadavg()[0].toFixed(1)}`,
  );
  console.log("| page | V8 profile of the isolate, ms / request | workerd process CPU, ms / request | Free plan's 10 ms |");
  console.log("|---|---|---|---|");
  await inspector.send("Profiler.enable");
  await inspector.send("Profiler.setSamplingInterval", { interval: 100 });
  for (const [name, path] of pages) {
    for (let i = 0; i < 10; i++) await ask(`${server.origin}${path}`);
    const before = workerdCpuMs(server.pid);
    await inspector.send("Profiler.start");
    for (let i = 0; i < REQUESTS; i++) await ask(`${server.origin}${path}`);
    const { profile } = (await inspector.send("Profiler.stop")) as { profile: CpuProfile };
    const processMs = (workerdCpuMs(server.pid) - before) / REQUESTS;
    const isolateMs = busyMs(profile) / REQUESTS;
    console.log(`| ${name} | ${ms(isolateMs)} | ${before > 0 ? ms(processMs) : "n/a"} | ${isolateMs <= 10 ? "under" : "over"} |`);
  }
  inspector.close();
  await server.stop();
  agent.destroy();
}
