/**
 * The arcade as an installed, offline app (issue 15 item 1): registers the service worker, shows
 * the update bar when a new version waits, and loads the phone-wide CSS. Imported once by main.tsx;
 * it renders into its own element after the app's, so the app's components know nothing of it.
 */
import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { type ApplyUpdate, registerServiceWorker } from "./register";
import { UpdateBanner } from "./update-banner";
import "./phone.css";

function PwaUpdates() {
  const [apply, setApply] = useState<ApplyUpdate | null>(null);
  useEffect(() => registerServiceWorker((next) => setApply(() => next)), []);
  if (!apply) return null;
  return <UpdateBanner onReload={apply} onDismiss={() => setApply(null)} />;
}

const host = document.createElement("div");
host.id = "pwa";
document.body.append(host);
render(<PwaUpdates />, host);
