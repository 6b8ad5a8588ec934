/**
 * The built Worker as the benches run it (npm run bench:import, npm run bench:hostile): build unless
 * BENCH_NO_BUILD=1, the test admin credentials in build/server/.dev.vars, a fresh migrated state
 * directory, `vite preview` (workerd) started detached on a port, its workerd processes found under
 * it and their resident memory read from /proc, the admin logged in. Stopping kills the whole
 * process group (SIGTERM, then SIGKILL for whatever is left after a few seconds: a workerd busy on
 * gigabytes may not answer SIGTERM) and waits until the port is free.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { TEST_ADMIN_PASSWORD, TEST_ADMIN_USERNAME } from "../test/setup/admin-credentials";

export const root = path.join(import.meta.dirname, "..");

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

export function run(command: string, env: Record<string, string> = {}) {
  const result = spawnSync(command, { shell: true, cwd: root, stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} failed`);
}

/** `npm run build` unless BENCH_NO_BUILD=1, then the known test credentials for `vite preview`. */
export function prepareBuild() {
  if (!process.env.BENCH_NO_BUILD) {
    console.log("building the Worker…");
    run("npm run build");
  }
  run("npx tsx scripts/ensure-dev-vars.ts --file build/server/.dev.vars", {
    LOCALATLAS_ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    LOCALATLAS_ADMIN_USERNAME: TEST_ADMIN_USERNAME,
  });
}

/** A fresh, migrated state directory (D1, R2, cache) in the temp folder. */
export function freshState(): string {
  const state = fs.mkdtempSync(path.join(os.tmpdir(), "localatlas-bench-state-"));
  run("npm run db:migrate", { LOCALATLAS_STATE: state });
  return state;
}

/** Resident memory of a process, in kB: current (VmRSS) and peak (VmHWM). */
export function memoryOf(pid: number): { rss: number; hwm: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? 0);
    return { rss: field("VmRSS"), hwm: field("VmHWM") };
  } catch {
    return null;
  }
}

/** The workerd processes started under `ancestor` (the preview server). */
export function workerdUnder(ancestor: number): number[] {
  const parentOf = (pid: number) => {
    try {
      return Number(/^PPid:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      return 0;
    }
  };
  return fs
    .readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((pid) => {
      try {
        if (!fs.readFileSync(`/proc/${pid}/comm`, "utf8").startsWith("workerd")) return false;
      } catch {
        return false;
      }
      for (let p = parentOf(pid); p > 1; p = parentOf(p)) if (p === ancestor) return true;
      return false;
    });
}

/** Samples a number every `everyMs` and keeps its peak until stopped. */
export function peakSampler(sample: () => number, everyMs: number) {
  let peak = sample();
  const timer = setInterval(() => (peak = Math.max(peak, sample())), everyMs);
  return {
    get peak() {
      return peak;
    },
    stop() {
      clearInterval(timer);
      peak = Math.max(peak, sample());
      return peak;
    },
  };
}

/**
 * How to stop a detached child and everything it started (its process group); the group is also
 * killed when this process exits, so no server outlives its bench.
 */
export function groupKiller(child: ChildProcess): (signal: NodeJS.Signals) => void {
  const kill = (signal: NodeJS.Signals) => {
    try {
      process.kill(-(child.pid as number), signal);
    } catch {
      // gone
    }
  };
  process.on("exit", () => kill("SIGKILL"));
  return kill;
}

export type BenchServer = {
  origin: string;
  pid: number;
  workerd: number[];
  /** VmRSS summed over the workerd processes, kB (0 once they are gone). */
  rssKb(): number;
  /** VmHWM summed over the workerd processes, kB. */
  hwmKb(): number;
  /** Whether any of its workerd processes is still alive. */
  alive(): boolean;
  stop(): Promise<void>;
};

/**
 * `vite preview --port <port> --strictPort` on the built Worker with LOCALATLAS_STATE=`state`,
 * waited for (GET /api/statistics answers 200, at most `startSeconds`). It is also killed when this
 * process exits.
 */
export async function startServer(options: { port: number; state: string; startSeconds?: number }): Promise<BenchServer> {
  const origin = `http://localhost:${options.port}`;
  const server: ChildProcess = spawn("npx", ["vite", "preview", "--port", String(options.port), "--strictPort"], {
    cwd: root,
    env: { ...process.env, LOCALATLAS_STATE: options.state },
    stdio: ["ignore", process.env.BENCH_LOG ? "inherit" : "ignore", "inherit"],
    detached: true,
  });
  const pid = server.pid as number;
  let workerd: number[] = [];
  const kill = (signal: NodeJS.Signals) => {
    for (const target of [-pid, ...workerd]) {
      try {
        process.kill(target, signal);
      } catch {
        // already gone
      }
    }
  };
  const onExit = () => kill("SIGKILL");
  process.on("exit", onExit);
  const alive = () => workerd.some((w) => fs.existsSync(`/proc/${w}`));
  const stop = async () => {
    kill("SIGTERM");
    for (let tries = 0; tries < 20 && (alive() || server.exitCode === null); tries++) await sleep(250);
    kill("SIGKILL");
    process.off("exit", onExit);
    // The port is free again once the server has gone.
    for (let tries = 0; tries < 40 && (await fetch(`${origin}/`, { signal: AbortSignal.timeout(1000) }).catch(() => null)); tries++)
      await sleep(250);
  };
  try {
    const deadline = Date.now() + (options.startSeconds ?? 60) * 1000;
    for (;;) {
      if ((await fetch(`${origin}/api/statistics`, { signal: AbortSignal.timeout(5000) }).catch(() => null))?.ok) break;
      if (server.exitCode !== null) throw new Error(`the preview server exited (${server.exitCode}); is port ${options.port} taken?`);
      if (Date.now() > deadline) throw new Error("the preview server did not start");
      await sleep(500);
    }
    workerd = workerdUnder(pid);
    if (workerd.length === 0) throw new Error("no workerd process found under the preview server");
  } catch (error) {
    await stop();
    throw error;
  }
  const sum = (field: "rss" | "hwm") => workerd.map(memoryOf).reduce((total, m) => total + (m?.[field] ?? 0), 0);
  return { origin, pid, workerd, rssKb: () => sum("rss"), hwmKb: () => sum("hwm"), alive, stop };
}

/** Logs in with the test credentials; the headers an admin request then carries (cookie, Origin). */
export async function login(origin: string): Promise<Record<string, string>> {
  const answer = await fetch(`${origin}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin },
    body: JSON.stringify({ username: TEST_ADMIN_USERNAME, password: TEST_ADMIN_PASSWORD }),
    signal: AbortSignal.timeout(15_000),
  });
  if (!answer.ok) throw new Error(`login failed: ${answer.status} ${await answer.text()}`);
  const cookie = (answer.headers.get("set-cookie") ?? "").split(";")[0];
  return { Cookie: cookie, Origin: origin };
}
