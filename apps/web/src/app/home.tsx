import { CATALOG } from "./catalog";
import { Thumbnail } from "./thumbnails";

export function Home() {
  return (
    <main class="home">
      <section class="home-intro">
        <h1>Five block games. Free, no ads.</h1>
        <p>Play on your phone or your desktop, with touch, mouse or keyboard.</p>
      </section>
      <ul class="cards" aria-label="Games">
        {CATALOG.map((game) => (
          <li key={game.id}>
            <a class="card" href={`/games/${game.id}`} data-game={game.id}>
              <Thumbnail id={game.id} />
              <span class="card-text">
                <span class="card-name">{game.name}</span>
                <span class="card-tagline">{game.tagline}</span>
                {!game.load && <span class="badge">Coming soon</span>}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </main>
  );
}
