// The line the server writes before static/sw.js (spider/web/routes/pages.py): the build's version
// and its hashed files.
declare const BUILD: { version: string; files: string[] };
// URLPattern: in the browsers that have the static routing API, not yet in TypeScript's worker lib.
declare class URLPattern {
  constructor(init: { pathname?: string });
}
interface RouterCondition {
  urlPattern?: URLPattern;
  requestMode?: RequestMode;
  requestMethod?: string;
}
interface InstallEvent extends ExtendableEvent {
  addRoutes?(rules: { condition: RouterCondition; source: "cache" | "network" | "fetch-event" }[]): Promise<void>;
}
