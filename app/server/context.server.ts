import { createContext, type RouterContextProvider } from "react-router";
import { Db } from "./db.server";

export type AppContext = { env: Env; ctx: ExecutionContext; db: Db };

export const appContext = createContext<AppContext>();

export function makeAppContext(env: Env, ctx: ExecutionContext): AppContext {
  return { env, ctx, db: new Db(env.DB) };
}

export function getApp(context: Readonly<RouterContextProvider>): AppContext {
  return context.get(appContext);
}
