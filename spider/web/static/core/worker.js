// The service worker (static/sw.js, served as /sw.js with the build's file list) keeps the bundle's
// hashed files, so a return visit asks the server for the page alone. Only the bundle has one
// (development mode serves the modules fresh); registered once the table is drawn, so its downloads
// never compete with the first card's.
import { bundled } from "./dom.js";
export function registerWorker() {
  if (!bundled || !("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register("sw.js").catch(() => {
    // refused (a private window, http on another host): the page works the same, from the network
  });
}
