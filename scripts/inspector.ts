/**
 * The Worker's isolate through workerd's inspector (`wrangler dev --inspector-port`): the benches
 * send it Chrome DevTools Protocol commands (a CPU profile, a heap collection and its usage).
 */
export type Inspector = { send: (method: string, params?: object) => Promise<unknown>; close: () => void };

export async function openInspector(port: number): Promise<Inspector> {
  const target = ((await (await fetch(`http://127.0.0.1:${port}/json`)).json()) as Array<{ webSocketDebuggerUrl: string }>)[0];
  // wrangler's inspector proxy wants an Origin it knows; undici's WebSocket takes headers as an extension.
  const socket = new WebSocket(target.webSocketDebuggerUrl, { headers: { Origin: "http://localhost" } } as unknown as string[]);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let id = 0;
  const waiting = new Map<number, (result: unknown) => void>();
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) waiting.get(message.id)?.(message.result);
  };
  const send = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve) => {
      id += 1;
      waiting.set(id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  return { send, close: () => socket.close() };
}
