// The historical document's early script (dist/dashboard/historical.html, scripts/build.ts): a couple of KB that run
// as soon as they arrive and ask for the tab's first answer beside the app's code, instead of after the entry has
// arrived and run, over a second later on a phone (decision 157). The app's own request, to the same address, takes
// this answer (lib/early-answers.ts).
import { authHeaders } from "./lib/auth-token.ts";
import { askEarly } from "./lib/early-answers.ts";
import { historicalPreloadPath } from "./routes/-components/historical-preload.ts";

const path = historicalPreloadPath(location.pathname, location.search);
if (path) askEarly(path, authHeaders());
