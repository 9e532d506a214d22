/** Any URL that is not a page of the arcade (the server answers it with 404 too). */
import { useEffect } from "preact/hooks";

export function NotFound({ path }: { path: string }) {
  useEffect(() => {
    document.title = "Page not found - Block Arcade";
  }, [path]);
  return (
    <main class="coming-soon" data-testid="not-found">
      <h1>Page not found</h1>
      <p class="note">There is nothing at {path}.</p>
      <a class="button primary" href="/">
        Back to the arcade
      </a>
    </main>
  );
}
