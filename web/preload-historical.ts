// The historical document's early script (dist/dashboard/historical.html, scripts/build.ts): a few hundred bytes that
// run as soon as they arrive and have the browser ask for the tab's first answer beside the app's code, instead of
// after the entry has arrived and run, over a second on a phone (decision 157). The app's own request takes this
// answer: same address, mode and credentials, as dashboard.html's preloads are taken (decision 152).
import { getStoredToken } from "./lib/auth-token.ts";
import { historicalPreloadPath } from "./routes/-components/historical-preload.ts";

const path = historicalPreloadPath(location.pathname, location.search, getStoredToken() !== null);
if (path) {
  const link = document.createElement("link");
  link.rel = "preload";
  link.as = "fetch";
  link.crossOrigin = "use-credentials";
  link.href = path;
  document.head.append(link);
}
